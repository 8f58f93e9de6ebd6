import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notification } from "../../../contract/notifications";
import { Header } from "../../../src/app/layout/Header";
import { relativeTimeOf } from "../../../src/app/layout/notifications/relativeTime";
import { serverClock } from "../../../src/api/serverClock";
import { json } from "../fixtures";
import { authActor } from "../../../src/runtime/appActor";
import { live, push } from "../liveMock";
import { renderWithApp, resetApp, stubApi } from "../renderWithApp";

// The socket is replaced by an in-memory one: the test plays the server's pushes.
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));

afterEach(resetApp);

// Only Date is faked (mid-afternoon), so relative times never straddle midnight; timers stay real.
const NOW = new Date(2026, 5, 10, 15, 0);
beforeEach(() => void vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
afterEach(() => void vi.useRealTimers());
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const note = (
  id: string,
  type: string,
  value: Notification["value"],
  createdAt: string,
  isRead = false,
): Notification => ({ id, type, value, createdAt, isRead });
const invite = note(
  "n1",
  "LEAGUE_INVITATION",
  { league: { id: "L1", name: "Tifosi" }, user: { id: "u2", name: "Vale" } },
  minutesAgo(0),
);
const started = note("n2", "RACE_STARTED", { raceName: "Gran Premio d'Italia" }, minutesAgo(60));
const oldOne = note("n3", "RACE_ENDED", { raceName: "Dutch TT" }, minutesAgo(60 * 24 * 10), true);

type Calls = { method: string; path: string; body: string }[];
function api(list: Notification[] | "fail") {
  const calls: Calls = [];
  stubApi((path, request) => {
    if (!path.startsWith("/api/notifications")) return undefined;
    calls.push({ method: request.method, path, body: "" });
    if (request.method === "GET")
      return list === "fail"
        ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
        : json(200, { result: list });
    return json(200, { result: { ok: true } });
  });
  return calls;
}

/** Signs in (as signInForTest does) with the notifications calls answered from the start. */
async function signedInWith(list: Notification[] | "fail") {
  const calls = api(list);
  authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
  await waitFor(() => expect(authActor.getSnapshot().matches("signedIn")).toBe(true));
  renderWithApp(<Header />);
  return calls;
}

const bell = () => screen.getByRole("button", { name: /^Notifications/ });

describe("the header bell", () => {
  it("shows the unread count, rises when the server pushes, and subscribes with the profile id", async () => {
    await signedInWith([invite, started, oldOne]);
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, unread: 2"));
    expect(screen.getByTestId("notifications-badge").textContent).toBe("2");
    expect(live.subscribed.at(-1)).toBe("u1");
    push("notifications", [
      note(
        "n4",
        "MEMBERSHIP_REQUESTED",
        { league: { id: "L1", name: "Tifosi" }, user: { id: "u3", name: "Pecco" } },
        new Date().toISOString(),
      ),
    ]);
    expect(screen.getByTestId("notifications-badge").textContent).toBe("3");
  });

  it("opening the list marks the unread read, renders each type's text with its link and a relative time", async () => {
    const calls = await signedInWith([invite, started, oldOne]);
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("2"));
    fireEvent.click(bell());
    expect(bell().getAttribute("aria-expanded")).toBe("true");
    const items = screen.getAllByTestId("notification");
    expect(items.map((i) => within(i).getByRole("link").textContent)).toEqual([
      expect.stringContaining("Vale invited you to join the league Tifosi"),
      expect.stringContaining("Gran Premio d'Italia has started"),
      expect.stringContaining("Dutch TT has ended"),
    ]);
    expect(within(items[0]!).getByRole("link").getAttribute("href")).toBe("/leagues/L1");
    expect(within(items[1]!).getByRole("link").getAttribute("href")).toBe("/predictions");
    expect(within(items[2]!).getByRole("link").getAttribute("href")).toBe("/results");
    expect(items[0]!.textContent).toContain("just now");
    expect(items[1]!.textContent).toContain("an hour ago");
    await waitFor(() => expect(screen.queryByTestId("notifications-badge")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.path)).toEqual(["/api/notifications/read"]);
  });

  it("a phone 10 minutes fast: times are relative to the server's clock, so the newest is 'just now'", async () => {
    const serverNow = NOW.getTime() - 10 * 60_000;
    serverClock.alignTo(new Date(serverNow).toISOString());
    try {
      const fresh = note("n4", "RACE_STARTED", { raceName: "Dutch TT" }, new Date(serverNow).toISOString());
      await signedInWith([fresh]);
      fireEvent.click(bell());
      const [item] = screen.getAllByTestId("notification");
      // By the phone's own clock it would read "10 minutes ago".
      expect(item!.textContent).toContain("just now");
    } finally {
      serverClock.alignTo(new Date().toISOString());
    }
  });

  it("deletes one, then all, down to the empty state", async () => {
    const calls = await signedInWith([invite, started]);
    await waitFor(() => expect(screen.getByTestId("notifications-badge")).toBeDefined());
    fireEvent.click(bell());
    fireEvent.click(screen.getByRole("button", { name: /^Delete: Gran Premio/ }));
    expect(screen.getAllByTestId("notification")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Delete all" }));
    expect(screen.queryAllByTestId("notification")).toHaveLength(0);
    expect(screen.getByText("The list is empty...")).toBeDefined();
    expect((screen.getByRole("button", { name: "Delete all" }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([
        "/api/notifications/n2",
        "/api/notifications",
      ]),
    );
  });

  it("follows changes made in another tab", async () => {
    await signedInWith([invite, started]);
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("2"));
    push("read-notification", { ids: ["n1"] });
    expect(screen.getByTestId("notifications-badge").textContent).toBe("1");
    push("delete-all-notification", {});
    expect(screen.queryByTestId("notifications-badge")).toBeNull();
  });

  it("says when the list cannot load and retries on request", async () => {
    const calls = await signedInWith("fail");
    fireEvent.click(bell());
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Could not load your notifications."));
    const before = calls.length;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it("closes on Escape and gives focus back to the bell", async () => {
    await signedInWith([]);
    fireEvent.click(bell());
    expect(screen.getByText("The list is empty...")).toBeDefined();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByText("The list is empty...")).toBeNull();
    expect(document.activeElement).toBe(bell());
  });
});

const czech = (id: string, name: string, points: number, m: number, extra: Partial<Notification["value"]> = {}) =>
  note(
    id,
    "RESULTS_PUBLISHED",
    { raceId: "R12", raceName: "Czech Grand Prix", name, points, canceled: false, ...extra },
    minutesAgo(m),
  );

describe("a race weekend's session results: one notice per session, with its name and the player's points, grouped in the bell", () => {
  const weekend = [
    czech("r3", "START", 41, 5),
    czech("r2", "SPRINT", 15, 60 * 20),
    czech("r1", "FP1", 5, 60 * 40),
    czech("r0", "Q2", 0, 60 * 30, { canceled: true }),
  ];

  it("gathers the weekend under one heading where its newest stands, with the sessions and the points in all; the heading opens by keyboard", async () => {
    await signedInWith([weekend[0]!, invite, ...weekend.slice(1)]);
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("5"));
    fireEvent.click(bell());
    const list = screen.getByRole("list", { name: "Notifications" });
    const lines = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    // The invitation is the newest; the weekend stands where its race result (five minutes ago) does.
    expect(lines.map((li) => li.dataset.testid)).toEqual(["notification", "notification-group"]);
    const heading = within(lines[1]!).getByRole("button", { name: /^Results: Czech Grand Prix/ });
    expect(heading.textContent).toContain("Sessions: 4 · your points: 61");
    expect(heading.getAttribute("aria-expanded")).toBe("false");
    expect(within(lines[1]!).queryAllByRole("link")).toHaveLength(0);

    // A native button: Enter and Space press it (the browser turns both into a click).
    heading.focus();
    fireEvent.click(heading);
    expect(heading.getAttribute("aria-expanded")).toBe("true");
    const sessions = within(screen.getByRole("list", { name: "Results: Czech Grand Prix" })).getAllByRole("link");
    expect(sessions.map((a) => a.textContent)).toEqual([
      expect.stringContaining("Czech Grand Prix, Race: results are in. Your points: 41"),
      expect.stringContaining("Czech Grand Prix, Sprint: results are in. Your points: 15"),
      expect.stringContaining(
        "Czech Grand Prix, Qualifying 2 was canceled: your picks for it were voided and refunded",
      ),
      expect.stringContaining("Czech Grand Prix, FP1: results are in. Your points: 5"),
    ]);
    expect(sessions.every((a) => a.getAttribute("href") === "/results")).toBe(true);
    expect(new Set(sessions.map((a) => a.textContent)).size).toBe(4);
    fireEvent.click(heading);
    expect(heading.getAttribute("aria-expanded")).toBe("false");
  });

  it("a weekend's lone notice stays a plain line; a notice stored before points came keeps its old text", async () => {
    const old = note("r9", "RESULTS_PUBLISHED", { raceName: "Dutch TT", name: "FP1" }, minutesAgo(90));
    await signedInWith([czech("r3", "START", 41, 5), old]);
    fireEvent.click(bell());
    expect(screen.queryByTestId("notification-group")).toBeNull();
    expect(screen.getAllByTestId("notification").map((i) => within(i).getByRole("link").textContent)).toEqual([
      expect.stringContaining("Czech Grand Prix, Race: results are in. Your points: 41"),
      expect.stringContaining("Dutch TT: results are in. See your points"),
    ]);
  });
});

describe("relative times (spec section 9)", () => {
  const now = new Date(2026, 5, 10, 15, 0);
  const texts = { justNow: "just now", yesterday: "yesterday" };
  const at = (d: Date) => relativeTimeOf(d.toISOString(), now, texts);
  it("says 'just now', then relatively, 'yesterday', then day, short month and 12-hour time from one week on", () => {
    expect(at(new Date(2026, 5, 10, 14, 59, 30))).toBe("just now");
    expect(at(new Date(2026, 5, 10, 14, 55))).toBe("5 minutes ago");
    expect(at(new Date(2026, 5, 10, 12, 0))).toBe("3 hours ago");
    expect(at(new Date(2026, 5, 9, 10, 0))).toBe("yesterday");
    expect(at(new Date(2026, 5, 5, 15, 0))).toBe("5 days ago");
    expect(at(new Date(2026, 5, 3, 15, 0))).toBe("3 Jun, 3:00 PM");
    expect(at(new Date(2026, 4, 1, 9, 5))).toBe("1 May, 9:05 AM");
  });
});

describe("the notifications namespace in all 15 locales", () => {
  const dir = "src/i18n/locales";
  const flat = (o: Record<string, unknown>, prefix = ""): Record<string, string> =>
    Object.fromEntries(
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === "object" && v
          ? Object.entries(flat(v as Record<string, unknown>, `${prefix}${k}.`))
          : [[`${prefix}${k}`, String(v)]],
      ),
    );
  const read = (lng: string) => flat(JSON.parse(readFileSync(`${dir}/${lng}/notifications.json`, "utf8")));
  const en = read("en");
  const lngs = readdirSync(dir).filter((l) => l !== "en");
  it.each(lngs)("%s has every key, the same placeholders, and its own words", (lng) => {
    const other = read(lng);
    expect(Object.keys(other).toSorted()).toEqual(Object.keys(en).toSorted());
    for (const [key, text] of Object.entries(en)) {
      expect((other[key]!.match(/{{\w+}}/g) ?? []).toSorted(), `${lng} ${key}`).toEqual(
        (text.match(/{{\w+}}/g) ?? []).toSorted(),
      );
    }
    // Session names are often the same word everywhere (FP1, FP2, Sprint, Qualifying 2 in German): not counted as copies.
    const same = Object.keys(en).filter((k) => en[k] === other[k] && !k.startsWith("sessions."));
    expect(same.length, `${lng} copies English: ${same.join(", ")}`).toBeLessThanOrEqual(2);
  });
});
