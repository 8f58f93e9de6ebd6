import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { modalActor } from "../../../src/runtime/appActor";
import { FADE_MS } from "../../../src/config/paths";
import { Layout } from "../../../src/app/layout/Layout";
import LandingScreen from "../../../src/screens/landing/LandingScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "./stubRoutes";

afterEach(resetApp);

// The sections below the hero join once it has painted, with their chunks: the first import can be slow.
const joined = { timeout: 10_000 };

const links = {
  helpCentre: "https://help.example.com/",
  terms: "https://example.com/terms",
  privacy: "https://example.com/privacy",
  about: "https://example.com/about",
  contact: "https://example.com/contact",
  appStore: "https://apps.apple.com/app/paddock-predictor/id1",
  googlePlay: "https://play.google.com/store/apps/details?id=paddock",
  facebook: "https://facebook.com/x",
  discord: "https://discord.gg/x",
  twitter: "https://twitter.com/x",
  instagram: "https://instagram.com/x",
  youtube: "https://youtube.com/x",
};
const news = [
  {
    id: "n1",
    url: "https://video.example.com/qatar-preview",
    title: "Qatar preview: who tames Lusail?",
    publishedAt: "2026-03-01T10:00:00.000Z",
  },
  {
    id: "n2",
    url: "https://video.example.com/rookies",
    title: "Five rookies to watch",
    publishedAt: "2026-02-20T10:00:00.000Z",
  },
];

function system(newsItems: unknown[] = news) {
  return ({ path }: Call) => {
    if (path === "/api/system/links") return json(200, { result: links });
    if (path === "/api/system/news") return json(200, { result: newsItems });
    return undefined;
  };
}

describe("'Play now' starts login, or goes to predictions when signed in", () => {
  // The click reads the session from the app actor, loaded after the landing paints: it may wait for it.
  it("opens the SignIn modal for a guest from the top bar and from the intro", async () => {
    stubRoutes(system());
    renderWithApp(<LandingScreen />);
    const [topBar, intro] = screen.getAllByRole("button", { name: "Play now" });
    fireEvent.click(topBar!);
    await waitFor(() => expect(modalActor.getSnapshot().context.stack.at(-1)?.kind).toBe("SignIn"), joined);
    modalActor.send({ type: "modal.closeAll" });
    fireEvent.click(intro!);
    await waitFor(() => expect(modalActor.getSnapshot().context.stack.at(-1)?.kind).toBe("SignIn"), joined);
  });

  it("sends a signed-in player to predictions", async () => {
    await signInForTest();
    stubRoutes(system());
    const { location } = renderWithApp(<LandingScreen />);
    fireEvent.click(screen.getAllByRole("button", { name: "Play now" })[0]!);
    await waitFor(() => expect(location()).toBe("/predictions"), joined);
    expect(modalActor.getSnapshot().context.stack).toEqual([]);
  });
});

describe("every landing section of spec section 2 is there", () => {
  it("has the intro with its team image and each section heading in order", async () => {
    stubRoutes(system());
    renderWithApp(<LandingScreen />);
    expect(screen.getByRole("img", { name: /rider tucked behind the screen/ })).toBeTruthy();
    // The sections that read the API join once the page has painted.
    await screen.findByRole("heading", { level: 2, name: "Take the game with you" }, joined);
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        "A Official Prediction Game",
        "Leagues for every kind of fan",
        "Accessible anywhere",
        "Officially endorsed",
        "Get started in a minute",
        "Prizes worth racing for",
        "Guru speak",
        "Sponsors",
        "Create your own league",
        "Paddock experience",
        "Latest from the paddock",
        "Take the game with you",
      ]),
    );
    expect(headings.indexOf("A Official Prediction Game")).toBeLessThan(headings.indexOf("Take the game with you"));
  });

  it("'get started' leads to predictions and 'create league' to league creation", async () => {
    stubRoutes(system());
    renderWithApp(<LandingScreen />);
    expect((await screen.findByRole("link", { name: "Start predicting" }, joined)).getAttribute("href")).toBe(
      "/predictions",
    );
    expect(screen.getByRole("link", { name: "Create a league" }).getAttribute("href")).toBe("/leagues/create");
  });

  it("shows the prizes: the motorcycle draw, paddock experiences and $300 / $200 / $100 merch credit", async () => {
    stubRoutes(system());
    renderWithApp(<LandingScreen />);
    expect(await screen.findByText("A factory test motorcycle", {}, joined)).toBeTruthy();
    expect(screen.getByText(/one chance in the draw/)).toBeTruthy();
    expect(screen.getByText("Paddock experiences")).toBeTruthy();
    for (const amount of ["$300", "$200", "$100"]) expect(screen.getByText(amount)).toBeTruthy();
  });
});

describe("league types are tabs; a chosen one fades in over 333 ms", () => {
  it("switches public → private → VIP by click and arrow keys, with the spec's fade", async () => {
    const user = userEvent.setup();
    stubRoutes(system());
    renderWithApp(<LandingScreen />);
    const tablist = await screen.findByRole("tablist", { name: "League types" }, joined);
    expect(screen.getByRole("tabpanel").textContent).toContain("Open to everyone");
    // The first panel is drawn at once: a fade on mount would replay each time the landing mounts again.
    expect(screen.getByTestId("league-panel").style.animationDuration).toBe("");
    await user.click(within(tablist).getByRole("tab", { name: "Private" }));
    expect(screen.getByRole("tabpanel").textContent).toContain("Just your crew");
    await user.keyboard("{ArrowRight}");
    expect(within(tablist).getByRole("tab", { name: "VIP" }).getAttribute("aria-selected")).toBe("true");
    const panel = screen.getByTestId("league-panel");
    expect(panel.textContent).toContain("Hosted by the Gurus");
    expect(panel.style.animationDuration).toBe(`${FADE_MS}ms`);
    expect(FADE_MS).toBe(333);
  });
});

describe("media cards show the latest news from GET /system/news", () => {
  it("lists each item as an external link with its title", async () => {
    stubRoutes(system());
    renderWithApp(<LandingScreen />);
    const card = (await screen.findByText("Qatar preview: who tames Lusail?", {}, joined)).closest("a")!;
    expect(card.getAttribute("href")).toBe(news[0]!.url);
    expect(card.getAttribute("rel")).toContain("noopener");
    expect(screen.getByText("Five rookies to watch")).toBeTruthy();
  });

  it("says so when there is no news yet", async () => {
    stubRoutes(system([]));
    renderWithApp(<LandingScreen />);
    expect(await screen.findByText("No news yet. Check back before the next round.", {}, joined)).toBeTruthy();
  });

  it("shows a loading state first", async () => {
    stubRoutes(system());
    renderWithApp(<LandingScreen />);
    await waitFor(
      () => expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("Loading the latest news…"),
      joined,
    );
  });
});

describe("the download section has both store links from GET /system/links", () => {
  it("links to the App Store and Google Play in new tabs", async () => {
    stubRoutes(system());
    renderWithApp(
      <Layout withHeader={false}>
        <LandingScreen />
      </Layout>,
    );
    const appStore = await screen.findByRole("link", { name: /Download on the App Store/ }, joined);
    const googlePlay = screen.getByRole("link", { name: /Get it on Google Play/ });
    expect(appStore.getAttribute("href")).toBe(links.appStore);
    expect(googlePlay.getAttribute("href")).toBe(links.googlePlay);
    for (const link of [appStore, googlePlay]) expect(link.getAttribute("rel")).toContain("noopener");
    // The footer is a landmark of its own, outside <main>.
    await waitFor(() => expect(screen.getByRole("contentinfo").closest("main")).toBeNull());
  });
});
