import { assign, setup } from "xstate";
import type { Chooser } from "../contract/weekendRules/view";

// The ChooseRider modal's flow: the riders the contract's chooser offers (taken places disabled, swaps named),
// one of them picked, or nothing changed. Its owner acts on the outcome; a modal closed without a pick is the owner's
// (it stops this flow).

export type ChooseRiderOutput = { riderId: string } | null;
export type ChooseRiderEvent = { type: "chooser.pick"; riderId: string };

export const chooseRiderMachine = setup({
  types: {
    context: {} as { chooser: Chooser; picked: string | null },
    events: {} as ChooseRiderEvent,
    input: {} as { chooser: Chooser },
    output: {} as ChooseRiderOutput,
  },
  guards: {
    /** A rider the chooser offers: known, not disabled, and not the one already chosen. */
    choosable: ({ context, event }) =>
      event.type === "chooser.pick" &&
      event.riderId !== context.chooser.selectedId &&
      context.chooser.options.some((o) => o.riderId === event.riderId && !o.disabled),
  },
}).createMachine({
  id: "chooseRider",
  description:
    "Choosing a rider for one category: a rider the rules offer is picked (the owner saves, changes or re-picks with it), or one that changes nothing leaves it (a modal closed without a pick stops it from the owner).",
  initial: "choosing",
  context: ({ input }) => ({ chooser: input.chooser, picked: null }),
  states: {
    choosing: {
      on: {
        "chooser.pick": [
          { guard: "choosable", target: "picked", actions: assign({ picked: ({ event }) => event.riderId }) },
          // The rider already chosen (or one not offered): nothing changes.
          { target: "left" },
        ],
      },
    },
    picked: { type: "final" },
    left: { type: "final" },
  },
  output: ({ context }) => (context.picked ? { riderId: context.picked } : null),
});
