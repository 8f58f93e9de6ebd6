// Links that go where they say. The footer's terms, privacy, about and contact are pages of the
// product, linked by relative paths in the same tab (so a page opened from any host name stays on it); an operator's
// external address opens in a new tab and says so. Help and FAQs go to the help centre, /faq unless set.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "../../../src/app/layout/Footer";
import { i18n } from "../../../src/i18n/i18n";
import InfoPageScreen from "../../../src/screens/info/InfoPageScreen";
import FaqScreen from "../../../src/screens/faq/FaqScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp } from "../renderWithApp";
import { stubRoutes } from "./stubRoutes";

afterEach(resetApp);

const socials = {
  appStore: "https://apps.apple.com/app/x",
  googlePlay: "https://play.google.com/store/apps/details?id=x",
  facebook: "https://facebook.com/x",
  discord: "https://discord.gg/x",
  twitter: "https://twitter.com/x",
  instagram: "https://instagram.com/x",
  youtube: "https://youtube.com/x",
};
/** What the server answers with no LINK_* setting (server/modules/system/service.ts). */
const ownPages = {
  helpCentre: "/faq",
  terms: "/terms",
  privacy: "/privacy",
  about: "/about",
  contact: "/contact",
  ...socials,
};

const serve = (links: Record<string, string>) =>
  stubRoutes(({ path }) => (path === "/api/system/links" ? json(200, { result: links }) : undefined));

describe("the footer's links", () => {
  it("are relative paths of the product, opened in the same tab, by default", async () => {
    serve(ownPages);
    renderWithApp(<Footer />);
    const nav = within(screen.getByRole("navigation", { name: "Legal and help" }));
    const expected = {
      Terms: "/terms",
      "Privacy policy": "/privacy",
      About: "/about",
      Contact: "/contact",
      FAQs: "/faq",
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = await nav.findByRole("link", { name });
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBeNull();
    }
  });

  it("follow the operator's external address, in a new tab that the name announces", async () => {
    serve({ ...ownPages, terms: "https://legal.example.com/terms", helpCentre: "https://help.example.com/" });
    const { location } = renderWithApp(<Footer />);
    const nav = within(screen.getByRole("navigation", { name: "Legal and help" }));
    const terms = await nav.findByRole("link", { name: "Terms (opens in a new tab)" });
    expect(terms.getAttribute("href")).toBe("https://legal.example.com/terms");
    expect(terms.getAttribute("target")).toBe("_blank");
    expect(terms.getAttribute("rel")).toContain("noopener");
    expect(nav.getByRole("link", { name: "FAQs (opens in a new tab)" }).getAttribute("href")).toBe(
      "https://help.example.com/",
    );
    // The others stay pages of the product, and a click moves the SPA there.
    await userEvent.setup().click(nav.getByRole("link", { name: "Privacy policy" }));
    expect(location()).toBe("/privacy");
  });
});

describe("the information pages", () => {
  it.each([
    ["terms", "Terms of use", "Fair play"],
    ["privacy", "Privacy policy", "What we keep"],
    ["about", "About", "How it works"],
    ["contact", "Contact", "Social channels"],
  ] as const)("/%s is a real page with its sections", async (page, title, section) => {
    serve(ownPages);
    renderWithApp(<InfoPageScreen page={page} />, { path: `/${page}` });
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: section })).toBeTruthy();
    // It links to the other pages, never to itself.
    const nav = within(await screen.findByRole("navigation", { name: "Game information" }));
    expect(nav.getAllByRole("link")).toHaveLength(4);
    expect(nav.queryByRole("link", { name: title })).toBeNull();
  });

  it("is translated: the privacy policy in German", async () => {
    serve(ownPages);
    await i18n.changeLanguage("de");
    try {
      renderWithApp(<InfoPageScreen page="privacy" />, { path: "/privacy" });
      expect(await screen.findByRole("heading", { level: 1, name: "Datenschutzerklärung" })).toBeTruthy();
      expect(screen.getByRole("heading", { level: 2, name: "Was wir speichern" })).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("says where it went when the operator keeps it elsewhere", async () => {
    serve({ ...ownPages, contact: "https://support.example.com/" });
    renderWithApp(<InfoPageScreen page="contact" />, { path: "/contact" });
    const link = await screen.findByRole("link", { name: "Open Contact (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe("https://support.example.com/");
    expect(screen.getByText("This page is kept at another address.")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });

  it("the contact page leads to the help centre and the social channels", async () => {
    serve(ownPages);
    renderWithApp(<InfoPageScreen page="contact" />, { path: "/contact" });
    expect((await screen.findByRole("link", { name: "Open the help centre" })).getAttribute("href")).toBe("/faq");
    expect(screen.getByRole("link", { name: "Discord (opens in a new tab)" }).getAttribute("href")).toBe(
      socials.discord,
    );
  });
});

describe("the FAQ's 'still a question'", () => {
  it("leads to Contact when the help centre is the FAQ itself, to the external help centre when one is set", async () => {
    serve(ownPages);
    const first = renderWithApp(<FaqScreen />, { path: "/faq" });
    expect((await screen.findByRole("link", { name: "Contact" })).getAttribute("href")).toBe("/contact");
    first.unmount();
    resetApp();
    serve({ ...ownPages, helpCentre: "https://help.example.com/" });
    renderWithApp(<FaqScreen />, { path: "/faq" });
    await waitFor(() =>
      expect(screen.getByRole("link", { name: /Open the help centre/ }).getAttribute("href")).toBe(
        "https://help.example.com/",
      ),
    );
  });
});
