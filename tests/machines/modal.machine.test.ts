import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { modalDefaults, modalMachine, type ModalContext } from "../../machines/modal.machine";
import { allTransitions, coverageLine, missing, runPath, transitionPaths } from "./modelWalk";

// Entry ids and the id counter only ever grow; the state is the stack's shape.
const serializeState = (s: { value: unknown; context: ModalContext }) =>
  JSON.stringify([s.value, s.context.stack.map((e) => [e.kind, e.options.closeOnOutside])]);
// Two modals deep is enough to tell "close the top" from "close the last".
const filterEvents = (s: { context: ModalContext }, e: { type: string }) =>
  !(e.type === "modal.open" && s.context.stack.length >= 2);

describe("modal.machine: every transition, walked on a real actor", () => {
  const events = [
    { type: "modal.open", kind: "SignIn" },
    { type: "modal.open", kind: "Confirmation", props: { textKey: "signOut" }, options: { closeOnOutside: false } },
    { type: "modal.replace", kind: "Retry", props: { message: "Something went wrong." } },
    { type: "modal.close" },
    { type: "modal.close", id: "SignIn-1" },
    { type: "modal.outsideClick" },
    { type: "modal.closeAll" },
  ];
  const paths = transitionPaths(modalMachine, { events, serializeState: serializeState as never, filterEvents: filterEvents as never });
  const all = allTransitions(modalMachine);
  const covered = new Set<string>();

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_n, path) => {
    const taken = await runPath(path, () => ({ machine: modalMachine, pending: new Map() }));
    taken.forEach((k) => covered.add(k));
  });

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("modal.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

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
    expect(stack()[0]!.options).toEqual({ closeOnOutside: true, showClose: false, title: "Sign out", maxWidth: 335, minHeight: 200 });
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
    actor.send({ type: "modal.open", kind: "SignIn", props: { from: "header" } });
    actor.send({ type: "modal.open", kind: "SignIn" });
    const [first, second] = stack();
    expect(first!.id).not.toBe(second!.id);
    expect(first!.props).toEqual({ from: "header" });
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
