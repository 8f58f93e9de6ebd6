// The modal machine's driver: the app's own modal stack (`modalActor`) drawn by the real modal host
// (src/app/ModalHost.tsx) under the real header, opened by what the header's buttons open. A signed-in player asks to
// sign out from the account menu (a Confirmation with Cancel); a second modal comes on top when a problem report the
// player sent before that is answered meanwhile (its "report number" Confirmation, with OK). A guest's "Log in" opens
// the Log in modal, whose "Forgot password?" replaces it, and whose sign-in closes every modal (the app's closeAll).
// The guards are decided by how many modals are up (one or two) and by the button the player presses.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { modalMachine } from "../../../machines/modal.machine";
import type { QaPath } from "../../../scripts/paths";
import { ModalHost } from "../../../src/app/ModalHost";
import { Header } from "../../../src/app/layout/Header";
import { authActor, runtimeArrived } from "../../../src/runtime/appActor";
import { renderWithApp } from "../renderWithApp";
import { profileFixture } from "../fixtures";
import { heldApi, ok, type HeldApi } from "./heldApi";
import { patiently } from "./shellSupport";
import type { ViewDriver } from "./walkInJsdom";

/** `shown`: the text of each modal up, the top last (the host draws only the top one). */
type World = { api: HeldApi; guest: boolean; shown: string[] };

const REPORTS = "/api/reports";
const SIGN_IN = "/api/auth/sign-in/email";
const SIGN_OUT_QUESTION = "Are you sure you want to sign out?";
const REPORT_SENT = "Thank you. Your report number is K7Q2M9XA: quote it to support.";
const LOG_IN_LEAD = "Welcome back to the paddock. Your predictions are waiting.";
const RECOVERY_LEAD = "Enter the e-mail of your account and we will send you a code.";

const dialog = () => screen.queryByRole("dialog");
const inDialog = () => within(screen.getByRole("dialog"));
const accountMenu = () => screen.getByRole("button", { name: `Account menu for ${profileFixture.name}` });

/** Replace and closeAll are the Log in modal's: a guest plays them. */
const playedByGuest = (path: QaPath) =>
  path.steps.some((s) => s.event === "modal.replace" || s.event === "modal.closeAll");

/** A press on the dimmed backdrop around the dialog, where a player clicks to dismiss it. */
async function pressOutside() {
  // Radix starts listening for outside presses a tick after the dialog mounts.
  await act(() => new Promise((r) => setTimeout(r, 0)));
  const open = dialog()!;
  const overlay = [...document.querySelectorAll<HTMLElement>("[data-state=open]")].find(
    (el) => el !== open && !open.contains(el),
  );
  const target = overlay ?? document.body;
  // Radix waits for the click that ends a primary-button press before calling it an outside press.
  fireEvent.pointerDown(target, { button: 0 });
  fireEvent.pointerUp(target, { button: 0 });
  fireEvent.click(target, { button: 0 });
}

function fromAccountMenu(item: string) {
  fireEvent.click(accountMenu());
  fireEvent.click(screen.getByRole("button", { name: item }));
}

export const modalDriver: ViewDriver<World> = {
  machine: modalMachine,

  async arrange(path) {
    const guest = playedByGuest(path);
    const world: World = { api: null as never, guest, shown: [] };
    world.api = heldApi((call) => {
      if (call.path === REPORTS && call.method === "POST") return "hold";
      if (call.path === SIGN_IN) return ok({ accessToken: "access", refreshToken: "refresh" });
      return undefined;
    });
    // The sign-in closes the modals once the runtime has arrived (the app answers sign-ins from then on).
    if (guest) runtimeArrived();
    // A player signed in as the social sign-in's hand-over does it.
    else authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
    renderWithApp(
      <>
        <Header />
        <ModalHost />
      </>,
    );
    if (guest) await screen.findByRole("button", { name: "Log in" });
    else await screen.findByRole("button", { name: `Account menu for ${profileFixture.name}` });
    return world;
  },

  act: {
    async "modal.open"({ world, next }) {
      if (world.shown.length > 0) {
        // The report sent before the sign-out question is answered: its number comes on top.
        await world.api.answer("POST", REPORTS, ok({ id: "K7Q2M9XA" }));
        world.shown.push(REPORT_SENT);
      } else if (world.guest) {
        fireEvent.click(screen.getByRole("button", { name: "Log in" }));
        world.shown.push(LOG_IN_LEAD);
      } else {
        // A second modal is to come on top: the player sends a problem report first, held until that step.
        if (next?.event === "modal.open") fromAccountMenu("Report a problem");
        fromAccountMenu("Sign Out");
        world.shown.push(SIGN_OUT_QUESTION);
      }
    },
    async "modal.replace"({ world }) {
      fireEvent.click(await inDialog().findByRole("button", { name: "Forgot password?" }));
      world.shown[world.shown.length - 1] = RECOVERY_LEAD;
    },
    "modal.close": ({ world, step }) => {
      // The last one with Escape, one of two with the ✕ of the top one.
      if (step.guard === "closesLast") fireEvent.keyDown(dialog()!, { key: "Escape" });
      else fireEvent.click(inDialog().getByRole("button", { name: "Close" }));
      world.shown.pop();
    },
    "modal.answer": ({ world, step }) => {
      // The sign-out question alone is answered Cancel; the report's number on top of it, OK.
      fireEvent.click(inDialog().getByRole("button", { name: step.guard === "answersLast" ? "Cancel" : "OK" }));
      world.shown.pop();
    },
    async "modal.outsideClick"({ world }) {
      await pressOutside();
      world.shown.pop();
    },
    async "modal.closeAll"({ world }) {
      const form = inDialog();
      fireEvent.change(form.getByLabelText("E-mail"), { target: { value: "marco@paddock.test" } });
      fireEvent.change(form.getByLabelText("Password"), { target: { value: "Secret-123" } });
      fireEvent.click(form.getByRole("button", { name: "Log in" }));
      world.shown = [];
    },
  },

  shows: {
    async open({ world }) {
      await expect.poll(() => dialog()?.textContent ?? "", patiently).toContain(world.shown.at(-1));
      expect(screen.getAllByRole("dialog")).toHaveLength(1);
      expect(document.body.style.overflow).toBe("hidden");
    },
    async closed({ world, step }) {
      await expect.poll(() => dialog(), patiently).toBeNull();
      expect(document.body.style.overflow).toBe("");
      if (step.event === "modal.closeAll") {
        // Closed by the sign-in itself: the player is in, with the account menu in the header.
        expect(world.api.calls.filter((c) => c.path === SIGN_IN)).toHaveLength(1);
        expect(await screen.findByRole("button", { name: `Account menu for ${profileFixture.name}` })).toBeTruthy();
      } else if (!world.guest) {
        // Cancel is not a sign-out.
        expect(accountMenu()).toBeTruthy();
      }
    },
  },

  // Every replace the app makes is pressed inside an open modal (Log in, Sign up, Password recovery) or asks for the
  // Upgrade modal to be on top, so no player replaces a modal when none is up.
  unplayable(path) {
    const [first] = path.steps;
    return path.steps.length === 1 && first!.event === "modal.replace"
      ? "every replace in the app is made from a modal that is open (Log in, Sign up, Password recovery, Upgrade)"
      : null;
  },

  // The generated walk opens one modal; closing one of several, answering one of several and an outside click that
  // only pops the top need a second one on top first.
  reroute(path, all) {
    const last = path.steps.at(-1)!;
    const needsTwo =
      (last.event === "modal.close" && last.otherwise) ||
      (last.event === "modal.answer" && last.guard === "isOpen") ||
      (last.event === "modal.outsideClick" && last.guard === "topClosesOnOutside");
    if (!needsTwo) return null;
    const stacked = all.find((p) => p.steps.length === 2 && p.steps[1]!.event === "modal.open")!;
    return { ...path, steps: [...stacked.steps, last] };
  },
};
