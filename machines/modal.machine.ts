import { and, assign, setup } from "xstate";
import type { ModalKind } from "../contract/enums";

export type ModalOptions = {
  closeOnOutside: boolean;
  showClose: boolean;
  title?: string;
  maxWidth: number;
  minHeight: number;
};
export type ModalEntry = { id: string; kind: ModalKind; props: Record<string, unknown>; options: ModalOptions };
export type ModalContext = {
  stack: ModalEntry[];
  /** Source of entry ids; only ever grows, so an id is never reused while the app runs. */
  seq: number;
};

export type ModalRequest = { kind: ModalKind; props?: Record<string, unknown>; options?: Partial<ModalOptions> };
export type ModalEvent =
  | ({ type: "modal.open" } & ModalRequest)
  | ({ type: "modal.replace" } & ModalRequest)
  | { type: "modal.close"; id?: string }
  | { type: "modal.outsideClick" }
  | { type: "modal.closeAll" };

export const MODAL_MAX_WIDTH = 500;
export const MODAL_MIN_HEIGHT = 200;
export const CONFIRMATION_MAX_WIDTH = 335;

/** Spec: "Modals default to max width 500 and min height 200px. The confirmation modal is 335 wide." */
export function modalDefaults(kind: ModalKind): ModalOptions {
  return {
    closeOnOutside: true,
    showClose: true,
    maxWidth: kind === "Confirmation" ? CONFIRMATION_MAX_WIDTH : MODAL_MAX_WIDTH,
    minHeight: MODAL_MIN_HEIGHT,
  };
}

function entryFor(request: ModalRequest, seq: number): ModalEntry {
  return {
    id: `${request.kind}-${seq}`,
    kind: request.kind,
    props: request.props ?? {},
    options: { ...modalDefaults(request.kind), ...request.options },
  };
}

/** The stack after `modal.close`: without the given id, or without the top entry. */
function afterClose(stack: ModalEntry[], id: string | undefined): ModalEntry[] {
  return id === undefined ? stack.slice(0, -1) : stack.filter((entry) => entry.id !== id);
}

const top = (stack: ModalEntry[]) => stack.at(-1);

export const modalMachine = setup({
  types: {
    context: {} as ModalContext,
    events: {} as ModalEvent,
  },
  guards: {
    closesLast: ({ context, event }) => event.type === "modal.close" && afterClose(context.stack, event.id).length === 0,
    topClosesOnOutside: ({ context }) => top(context.stack)?.options.closeOnOutside === true,
    onlyOneOpen: ({ context }) => context.stack.length === 1,
  },
  actions: {
    // Spec: "The page does not scroll while a modal is open." The app owns the DOM.
    lockScroll: () => {},
    unlockScroll: () => {},
    push: assign(({ context, event }) => {
      if (event.type !== "modal.open" && event.type !== "modal.replace") return {};
      return { stack: [...context.stack, entryFor(event, context.seq)], seq: context.seq + 1 };
    }),
    replaceTop: assign(({ context, event }) => {
      if (event.type !== "modal.replace") return {};
      return { stack: [...context.stack.slice(0, -1), entryFor(event, context.seq)], seq: context.seq + 1 };
    }),
    removeClosed: assign({
      stack: ({ context, event }) => (event.type === "modal.close" ? afterClose(context.stack, event.id) : context.stack),
    }),
    pop: assign({ stack: ({ context }) => context.stack.slice(0, -1) }),
    clear: assign({ stack: [] }),
  },
}).createMachine({
  id: "modal",
  description: "The stack of open modals with their options; locks page scroll while any is open.",
  initial: "closed",
  context: { stack: [], seq: 1 },
  states: {
    closed: {
      on: {
        "modal.open": { target: "open", actions: "push" },
        "modal.replace": { target: "open", actions: "push" },
      },
    },
    open: {
      entry: "lockScroll",
      exit: "unlockScroll",
      on: {
        "modal.open": { actions: "push" },
        "modal.replace": { actions: "replaceTop" },
        "modal.close": [{ guard: "closesLast", target: "closed", actions: "clear" }, { actions: "removeClosed" }],
        "modal.outsideClick": [
          { guard: and(["topClosesOnOutside", "onlyOneOpen"]), target: "closed", actions: "clear" },
          { guard: "topClosesOnOutside", actions: "pop" },
        ],
        "modal.closeAll": { target: "closed", actions: "clear" },
      },
    },
  },
});
