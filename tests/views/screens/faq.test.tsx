import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import FaqScreen from "../../../src/screens/faq/FaqScreen";
import { faqItems } from "../../../src/screens/faq/faqItems";
import { json } from "../fixtures";
import { renderWithApp, resetApp } from "../renderWithApp";
import { stubRoutes } from "./stubRoutes";

afterEach(resetApp);

const links = {
  helpCentre: "https://help.example.com/",
  terms: "https://example.com/terms",
  privacy: "https://example.com/privacy",
  about: "https://example.com/about",
  contact: "https://example.com/contact",
  appStore: "https://apps.apple.com/app/x",
  googlePlay: "https://play.google.com/store/apps/details?id=x",
  facebook: "https://facebook.com/x",
  discord: "https://discord.gg/x",
  twitter: "https://twitter.com/x",
  instagram: "https://instagram.com/x",
  youtube: "https://youtube.com/x",
};

function openFaq() {
  stubRoutes(({ path }) => (path === "/api/system/links" ? json(200, { result: links }) : undefined));
  renderWithApp(<FaqScreen />, { path: "/faq" });
  return screen.getAllByRole("button").filter((b) => b.hasAttribute("aria-expanded"));
}

describe("the FAQ is an accessible accordion (button + aria-expanded)", () => {
  it("shows every question collapsed, each controlling its hidden answer", () => {
    const questions = openFaq();
    expect(questions).toHaveLength(faqItems.length);
    for (const question of questions) {
      expect(question.getAttribute("aria-expanded")).toBe("false");
      const answer = document.getElementById(question.getAttribute("aria-controls")!)!;
      expect(answer.hidden).toBe(true);
    }
  });

  it("opens and closes an answer by click, showing the game's real rule", async () => {
    const user = userEvent.setup();
    openFaq();
    const points = screen.getByRole("button", { name: "How are points scored?" });
    await user.click(points);
    expect(points.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("region", { name: "How are points scored?" }).textContent).toContain("120 points in total");
    await user.click(points);
    expect(points.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("the FAQ accordion works from the keyboard", () => {
  it("Enter and Space toggle; ArrowDown, ArrowUp, Home and End move between questions", async () => {
    const user = userEvent.setup();
    const questions = openFaq();
    questions[0]!.focus();
    await user.keyboard("{Enter}");
    expect(questions[0]!.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(questions[1]);
    await user.keyboard(" ");
    expect(questions[1]!.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(questions.at(-1));
    await user.keyboard("{ArrowUp}");
    expect(document.activeElement).toBe(questions.at(-2));
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(questions[0]);
  });
});

describe("the FAQ links to the external help centre", () => {
  it("opens GET /system/links' help centre in a new tab with rel noopener", async () => {
    openFaq();
    const link = await screen.findByRole("link", { name: /Open the help centre/ });
    expect(link.getAttribute("href")).toBe(links.helpCentre);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });
});
