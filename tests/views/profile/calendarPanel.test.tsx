// The Profile's Calendar panel (docs/calendar.md) on the real component, the API stubbed at fetch: the address read
// from GET /calendar/link in a read-only field, Copy, the webcal:// "Add to calendar" link, what the link reveals,
// a revoke only after its confirmation (Cancel sends nothing), the new address in place, and the loading and error
// states with a retry.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModalHost } from "../../../src/app/ModalHost";
import { CalendarPanel } from "../../../src/features/calendar/CalendarPanel";
import { json, profileFixture } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";

afterEach(resetApp);

const linkOf = (token: string) => ({
  webcal: `webcal://pp.test/api/calendar/${token}.ics`,
  url: `https://pp.test/api/calendar/${token}.ics`,
  createdAt: "2026-12-01T10:00:00.000Z",
});
const first = linkOf("a".repeat(43));
const second = linkOf("b".repeat(43));

async function openPanel(route: (call: Call) => Response | undefined = () => undefined) {
  await signInForTest();
  const calls = stubRoutes((call) => {
    const answered = route(call);
    if (answered) return answered;
    if (call.path === "/api/calendar/link" && call.method === "GET") return json(200, { result: first });
    if (call.path === "/api/calendar/link/revoke" && call.method === "POST") return json(200, { result: second });
    return undefined;
  });
  renderWithApp(
    <>
      <CalendarPanel userId={profileFixture.id} />
      <ModalHost />
    </>,
    { path: "/profile" },
  );
  const revokes = () => calls.filter((c) => c.path === "/api/calendar/link/revoke");
  return { calls, revokes };
}

const address = () => screen.getByLabelText("Your private calendar link") as HTMLInputElement;

describe("the calendar panel", () => {
  it("shows the webcal:// address read-only, an Add to calendar link and what the link reveals", async () => {
    await openPanel();
    const panel = screen.getByRole("region", { name: "Calendar" });
    expect(within(panel).getByText("Loading your calendar link…")).toBeTruthy();
    await within(panel).findByDisplayValue(first.webcal);
    expect(address().readOnly).toBe(true);
    expect(within(panel).getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(first.webcal);
    expect(within(panel).getByText(/anyone who has it sees every session of the season/)).toBeTruthy();
    expect(within(panel).getByText(/which sessions you have not picked yet/)).toBeTruthy();
  });

  it("copies the address with the Copy button, by keyboard", async () => {
    await openPanel();
    await screen.findByDisplayValue(first.webcal);
    // user-event puts its own clipboard on navigator, which the test then reads.
    const user = userEvent.setup();
    screen.getByRole("button", { name: "Copy" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("Link copied.")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(first.webcal);
  });

  it("says so when the clipboard refuses", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) },
    });
    await openPanel();
    await screen.findByDisplayValue(first.webcal);
    fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("The link could not be copied. Select it and copy it by hand.")).toBeTruthy();
  });

  it("revokes only after the confirmation: Cancel sends nothing, Yes shows the new address", async () => {
    const { revokes } = await openPanel();
    await screen.findByDisplayValue(first.webcal);
    fireEvent.click(screen.getByRole("button", { name: "Revoke link" }));
    let dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/Revoke this calendar link\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(revokes()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Revoke link" }));
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, revoke the link" }));
    await screen.findByDisplayValue(second.webcal);
    expect(revokes()).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(second.webcal);
    expect(screen.getByText("The old link no longer works. Your new link is above.")).toBeTruthy();
  });

  it("says when the revoke fails, and keeps the address it had", async () => {
    await openPanel((call) =>
      call.path === "/api/calendar/link/revoke"
        ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
        : undefined,
    );
    await screen.findByDisplayValue(first.webcal);
    fireEvent.click(screen.getByRole("button", { name: "Revoke link" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Yes, revoke the link" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/^The link could not be revoked\./);
    expect(address().value).toBe(first.webcal);
  });

  it("offers a retry when the address cannot be loaded", async () => {
    let fail = true;
    await openPanel((call) =>
      call.path === "/api/calendar/link" && fail
        ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
        : undefined,
    );
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Your calendar link could not be loaded\./);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByDisplayValue(first.webcal);
  });

  it("has no axe violations with the address shown (contrast is checked in the browser, tests/e2e/a11y.test.ts)", async () => {
    await openPanel();
    await screen.findByDisplayValue(first.webcal);
    const panel = screen.getByRole("region", { name: "Calendar" });
    const result = await axe.run(panel, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }, 30_000);
});
