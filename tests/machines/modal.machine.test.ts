import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import { modalDefaults, modalMachine } from "../../machines/modal.machine";

// The modal's paths are walked on the app's modal host under the header (tests/views/paths/modal.paths.test.tsx),
// with the coverage of every transition; these are the rules the host's paths do not spell out.

function startModals() {
  const scroll: string[] = [];
  const actor = createActor(
    modalMachine.provide({
      actions: { lockScroll: () => void scroll.push("lock"), unlockScroll: () => void scroll.push("unlock") },
    }),
  ).start();
  const stack = () => actor.getSnapshot().context.stack;
  return { actor, scroll, stack };
}

describe("Modals default to max width 500 and min height 200px; the confirmation modal is 335 wide", () => {
  it("gives every kind 500 × 200, closable by the button and by an outside click", () => {
    expect(modalDefaults("SignIn")).toEqual({ closeOnOutside: true, showClose: true, maxWidth: 500, minHeight: 200 });
  });

  it("makes Confirmation 335 wide", () => {
    expect(modalDefaults("Confirmation").maxWidth).toBe(335);
    expect(modalDefaults("Confirmation").minHeight).toBe(200);
  });

  it("lets the opener override single options and keeps the other defaults", () => {
    const { actor, stack } = startModals();
    actor.send({ type: "modal.open", kind: "Confirmation", options: { showClose: false, title: "Sign out" } });
    expect(stack()[0]!.options).toEqual({
      closeOnOutside: true,
      showClose: false,
      title: "Sign out",
      maxWidth: 335,
      minHeight: 200,
    });
  });
});

describe("The page does not scroll while a modal is open", () => {
  it("locks on the first modal, stays locked while modals stack, unlocks when the last closes", () => {
    const { actor, scroll } = startModals();
    actor.send({ type: "modal.open", kind: "SignIn" });
    actor.send({ type: "modal.open", kind: "Confirmation" });
    expect(scroll).toEqual(["lock"]);
    actor.send({ type: "modal.close" });
    expect(scroll).toEqual(["lock"]);
    actor.send({ type: "modal.close" });
    expect(scroll).toEqual(["lock", "unlock"]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("unlocks on closeAll", () => {
    const { actor, scroll } = startModals();
    actor.send({ type: "modal.open", kind: "SignIn" });
    actor.send({ type: "modal.open", kind: "SignUp" });
    actor.send({ type: "modal.closeAll" });
    expect(scroll).toEqual(["lock", "unlock"]);
    expect(actor.getSnapshot().context.stack).toEqual([]);
  });
});

describe("An outside click closes the top modal only when it allows it", () => {
  it("is ignored when the top modal has closeOnOutside false", () => {
    const { actor, stack, scroll } = startModals();
    actor.send({ type: "modal.open", kind: "Processing", options: { closeOnOutside: false } });
    actor.send({ type: "modal.outsideClick" });
    expect(stack().map((e) => e.kind)).toEqual(["Processing"]);
    expect(scroll).toEqual(["lock"]);
  });

  it("pops only the top modal when it allows it", () => {
    const { actor, stack } = startModals();
    actor.send({ type: "modal.open", kind: "SignIn" });
    actor.send({ type: "modal.open", kind: "RecoveryPassword" });
    actor.send({ type: "modal.outsideClick" });
    expect(stack().map((e) => e.kind)).toEqual(["SignIn"]);
    actor.send({ type: "modal.outsideClick" });
    expect(actor.getSnapshot().value).toBe("closed");
  });
});

describe("The modal stack", () => {
  it("gives each modal its own id and keeps its props", () => {
    const { actor, stack } = startModals();
    actor.send({ type: "modal.open", kind: "RecoveryPassword", props: { email: "a@b.c" } });
    actor.send({ type: "modal.open", kind: "SignIn" });
    const [first, second] = stack();
    expect(first!.id).not.toBe(second!.id);
    expect(first!.props).toEqual({ email: "a@b.c" });
    expect(second!.props).toEqual({});
  });

  it("closes a given modal by id and leaves the others", () => {
    const { actor, stack } = startModals();
    actor.send({ type: "modal.open", kind: "SignIn" });
    actor.send({ type: "modal.open", kind: "Confirmation" });
    const signInId = stack()[0]!.id;
    actor.send({ type: "modal.close", id: signInId });
    expect(stack().map((e) => e.kind)).toEqual(["Confirmation"]);
    expect(actor.getSnapshot().value).toBe("open");
  });

  it("replace swaps the top modal, or opens one when none is open", () => {
    const { actor, stack, scroll } = startModals();
    actor.send({ type: "modal.replace", kind: "SignIn" });
    expect(stack().map((e) => e.kind)).toEqual(["SignIn"]);
    actor.send({ type: "modal.replace", kind: "SignUp" });
    expect(stack().map((e) => e.kind)).toEqual(["SignUp"]);
    expect(scroll).toEqual(["lock"]);
  });

  it("ignores close and outside clicks when nothing is open", () => {
    const { actor, scroll } = startModals();
    actor.send({ type: "modal.close" });
    actor.send({ type: "modal.outsideClick" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(scroll).toEqual([]);
  });
});

/** An opener that records what its modals tell it. */
function opener() {
  const heard: string[] = [];
  const actor = createActor(
    fromCallback<{ type: string }>(({ receive }) => receive((e) => void heard.push(e.type))),
  ).start();
  return { actor, heard };
}

describe("A modal answers its opener", () => {
  it("a button's answer goes to the opener and the modal closes; closing otherwise sends only `closed`", () => {
    const { actor, stack } = startModals();
    const me = opener();
    const reply = { to: me.actor, confirm: { type: "yes" }, cancel: { type: "no" }, closed: { type: "gone" } };
    actor.send({ type: "modal.open", kind: "Confirmation", id: "ask", reply });
    actor.send({ type: "modal.answer", id: "ask", answer: "confirm" });
    expect(me.heard).toEqual(["yes"]);
    expect(stack()).toEqual([]);
    actor.send({ type: "modal.open", kind: "Confirmation", id: "ask", reply });
    actor.send({ type: "modal.outsideClick" });
    expect(me.heard).toEqual(["yes", "gone"]);
  });

  it("tells every opener whose modal goes: close by id, closeAll, a replaced top", () => {
    const { actor } = startModals();
    const a = opener();
    const b = opener();
    actor.send({
      type: "modal.open",
      kind: "ChooseRider",
      id: "a",
      reply: { to: a.actor, closed: { type: "a.closed" } },
    });
    actor.send({
      type: "modal.open",
      kind: "Upgrade",
      props: { button: "PREDICTION:FP1" },
      id: "b",
      reply: { to: b.actor, closed: { type: "b.closed" } },
    });
    actor.send({ type: "modal.replace", kind: "UpgradeFinal", props: { type: "PREDICTION", category: "FP1" } });
    expect(b.heard).toEqual(["b.closed"]);
    actor.send({ type: "modal.close", id: "a" });
    expect(a.heard).toEqual(["a.closed"]);
    actor.send({
      type: "modal.open",
      kind: "ChooseRider",
      id: "a",
      reply: { to: a.actor, closed: { type: "a.closed" } },
    });
    actor.send({ type: "modal.closeAll" });
    expect(a.heard).toEqual(["a.closed", "a.closed"]);
  });

  it("an answer to a modal no longer open does nothing", () => {
    const { actor, stack } = startModals();
    actor.send({ type: "modal.open", kind: "SignIn" });
    actor.send({ type: "modal.answer", id: "gone", answer: "confirm" });
    expect(stack()).toHaveLength(1);
  });

  it("an opener may name its modal: opening the same id again replaces it", () => {
    const { actor, stack } = startModals();
    actor.send({ type: "modal.open", kind: "ChooseRider", id: "chooser" });
    actor.send({ type: "modal.open", kind: "ChooseRider", id: "chooser" });
    expect(stack().map((e) => e.id)).toEqual(["chooser"]);
  });
});
