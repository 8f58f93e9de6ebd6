// /staff/audit (operators): the log newest first in a captioned table (who, through what, action, target,
// before → after), a race dropdown that filters it, paging, and its loading, empty and error states, in the
// operator's language; axe finds nothing.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../../contract/audit";
import { i18n } from "../../../src/i18n/i18n";
import AuditPage from "../../../src/screens/staff/AuditPage";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";

afterEach(async () => {
  resetApp();
  await act(() => i18n.changeLanguage("en"));
});

const RACE = "0a000000-0000-4000-8000-000000000012";
const races = [
  {
    id: "0a000000-0000-4000-8000-000000000011",
    name: "Grand Prix of Italy",
    season: 2026,
    round: 11,
    startsAt: "2026-05-29T09:00:00.000Z",
    status: "STARTED",
    finished: true,
  },
  {
    id: RACE,
    name: "Dutch TT",
    season: 2026,
    round: 12,
    startsAt: "2026-06-26T09:00:00.000Z",
    status: "STARTED",
    finished: false,
  },
];
const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: "2026-06-27T10:00:00.000Z",
  actor: { userId: "u1", name: "Marco Rossi" },
  channel: "browser",
  action: "RIDER_INJURE",
  raceId: RACE,
  target: "rider #93 Marc Marquez",
  before: { status: "ACTIVE" },
  after: { status: "INJURED", refunded: 40 },
  ...over,
});
const cli = entry(1, {
  actor: { userId: null, name: null },
  channel: "cli",
  action: "NEWS_ADD",
  raceId: null,
  target: "news Guru speak show",
  before: null,
  after: { title: "Guru speak show" },
});

type Answer = (call: Call) => Response | undefined;
async function open(audit: Answer) {
  await signInForTest();
  const calls = stubRoutes((c) => {
    if (c.path === "/api/v2/races/dropdown") return json(200, { result: races });
    if (c.path === "/api/admin/audit") return audit(c);
    return undefined;
  });
  const view = renderWithApp(<AuditPage />, { path: "/staff/audit" });
  return { view, calls };
}
const page = (data: AuditEntry[], pageNo = 1, pages = 1, count = data.length) =>
  json(200, { result: { data, page: pageNo, pages, count } });

describe("the audit log page", () => {
  it("shows each action with who, through what, what and before → after, in a captioned table", async () => {
    const { view } = await open(() => page([entry(2), cli]));
    const table = await screen.findByRole(
      "table",
      { name: /Operator actions, newest first \(page 1 of 1\)/ },
      { timeout: 10_000 },
    );
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole("rowheader").textContent).toBe("Rider injured");
    expect(rows[1]!.textContent).toContain("Marco Rossi");
    expect(rows[1]!.textContent).toContain("Browser");
    expect(rows[1]!.textContent).toContain("rider #93 Marc Marquez");
    expect(rows[1]!.textContent).toContain("Round 12 · Dutch TT");
    expect(
      within(rows[1]!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["status: ACTIVE → INJURED", "refunded: – → 40"]);
    expect(rows[2]!.textContent).toContain("Admin token");
    expect(rows[2]!.textContent).toContain("Command line");
    expect(within(rows[2]!).getByRole("listitem").textContent).toBe('– → {"title":"Guru speak show"}');
    expect(screen.getByTestId("audit-total").textContent).toBe("Actions on the record: 2");
    view.unmount();
  }, 20_000);

  it("filters by the race chosen in the dropdown, from the first page", async () => {
    const { view, calls } = await open((c) =>
      new URLSearchParams(c.search).get("raceId") === RACE ? page([entry(5)]) : page([entry(5), cli], 1, 1),
    );
    await screen.findByRole("table");
    const select = screen.getByRole("combobox", { name: "Race" });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["All races", "Round 11 · Grand Prix of Italy", "Round 12 · Dutch TT"]),
    );
    fireEvent.change(select, { target: { value: RACE } });
    await waitFor(() => expect(screen.getByTestId("audit-total").textContent).toBe("Actions on the record: 1"));
    const asked = calls
      .filter((c) => c.path === "/api/admin/audit")
      .map((c) => Object.fromEntries(new URLSearchParams(c.search)));
    expect(asked.at(-1)).toMatchObject({ raceId: RACE, page: "1" });
    view.unmount();
  }, 20_000);

  it("pages through the log with Previous and Next", async () => {
    const { view, calls } = await open((c) => {
      const p = Number(new URLSearchParams(c.search).get("page"));
      return page([entry(p === 1 ? 60 : 10)], p, 2, 51);
    });
    await screen.findByRole("table", { name: /page 1 of 2/ });
    const nav = screen.getByRole("navigation", { name: "Pages of the audit log" });
    expect(within(nav).getByRole("button", { name: "Previous page" })).toHaveProperty("disabled", true);
    fireEvent.click(within(nav).getByRole("button", { name: "Next page" }));
    await screen.findByRole("table", { name: /page 2 of 2/ });
    await waitFor(() =>
      expect(within(nav).getByRole("button", { name: "Next page" })).toHaveProperty("disabled", true),
    );
    expect(
      calls.filter((c) => c.path === "/api/admin/audit").map((c) => new URLSearchParams(c.search).get("page")),
    ).toEqual(["1", "2"]);
    view.unmount();
  }, 20_000);

  it("says so when nothing is on the record", async () => {
    const { view } = await open(() => page([]));
    expect(await screen.findByRole("heading", { name: "Nothing on the record yet" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    view.unmount();
  });

  it("shows the error with Try again, and the log once it loads", async () => {
    let fail = true;
    const { view } = await open(() =>
      fail ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong" }) : page([cli]),
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The audit log could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeTruthy();
    view.unmount();
  });

  it("reads in the operator's language", async () => {
    await act(() => i18n.changeLanguage("de"));
    const { view } = await open(() => page([entry(2), cli]));
    const table = await screen.findByRole("table", { name: /Aktionen der Operatoren/ });
    expect(within(table).getByText("Fahrer verletzt")).toBeTruthy();
    expect(within(table).getByText("Kommandozeile")).toBeTruthy();
    view.unmount();
  });

  it("axe finds nothing on the page with its table", async () => {
    const { view } = await open(() => page([entry(2), cli], 1, 2, 51));
    await screen.findByRole("table");
    const result = await axe.run(view.container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    view.unmount();
  }, 20_000);
});
