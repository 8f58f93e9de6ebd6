import { and, assign, setup, type AnyActorRef, type EventObject } from "xstate";
import type { ModalKind } from "../contract/enums";
import type { ModalPropsByKind } from "./modalProps";

export type ModalOptions = {
  closeOnOutside: boolean;
  showClose: boolean;
  title?: string;
  maxWidth: number;
  minHeight: number;
};

/** What a modal answers its opener: the event for each of its buttons, and the one for being closed otherwise. */
export type ModalAnswer = "confirm" | "cancel" | "retry";
export type ModalReply = { to: AnyActorRef; closed?: EventObject } & Partial<Record<ModalAnswer, EventObject>>;

/** One open modal, its props typed by its kind (a union over kinds that a generic kind indexes). */
export type ModalEntry<K extends ModalKind = ModalKind> = {
  [P in K]: { id: string; kind: P; props: ModalPropsByKind[P]; options: ModalOptions; reply?: ModalReply | undefined };
}[K];

export type ModalContext = {
  stack: ModalEntry[];
  /** Source of entry ids; only ever grows, so an id is never reused while the app runs. */
  seq: number;
};

/** What an opener asks for; `id` names the entry (a flow that closes its own modal), else one is made. */
export type ModalRequest<K extends ModalKind = ModalKind> = {
  [P in K]: {
    kind: P;
    props?: ModalPropsByKind[P] | undefined;
    options?: Partial<ModalOptions>;
    id?: string | undefined;
    reply?: ModalReply | undefined;
  };
}[K];

export type ModalEvent =
  | ({ type: "modal.open" } & ModalRequest)
  | ({ type: "modal.replace" } & ModalRequest)
  | { type: "modal.close"; id?: string }
  /** A button of the modal `id` was pressed: its reply goes to the opener, and the modal closes. */
  | { type: "modal.answer"; id: string; answer: ModalAnswer }
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
    id: request.id ?? `${request.kind}-${seq}`,
    kind: request.kind,
    props: request.props ?? {},
    options: { ...modalDefaults(request.kind), ...request.options },
    reply: request.reply,
  } as ModalEntry;
}

/** The entries `modal.close` removes: the given id, or the top entry. */
function closing(stack: ModalEntry[], id: string | undefined): ModalEntry[] {
  return id === undefined ? stack.slice(-1) : stack.filter((entry) => entry.id === id);
}

const top = (stack: ModalEntry[]) => stack.at(-1);
const without = (stack: ModalEntry[], gone: readonly ModalEntry[]) => stack.filter((e) => !gone.includes(e));

export const modalMachine = setup({
  types: {
    context: {} as ModalContext,
    events: {} as ModalEvent,
  },
  guards: {
    closesLast: ({ context, event }) =>
      event.type === "modal.close" && without(context.stack, closing(context.stack, event.id)).length === 0,
    answersLast: ({ context, event }) => event.type === "modal.answer" && context.stack.every((e) => e.id === event.id),
    isOpen: ({ context, event }) => event.type === "modal.answer" && context.stack.some((e) => e.id === event.id),
    topClosesOnOutside: ({ context }) => top(context.stack)?.options.closeOnOutside === true,
    onlyOneOpen: ({ context }) => context.stack.length === 1,
  },
  actions: {
    // Spec: "The page does not scroll while a modal is open." The app owns the DOM.
    lockScroll: () => {},
    unlockScroll: () => {},
    push: assign(({ context, event }) => {
      if (event.type !== "modal.open" && event.type !== "modal.replace") return {};
      const entry = entryFor(event, context.seq);
      return { stack: [...context.stack.filter((e) => e.id !== entry.id), entry], seq: context.seq + 1 };
    }),
    replaceTop: assign(({ context, event }) => {
      if (event.type !== "modal.replace") return {};
      return { stack: [...context.stack.slice(0, -1), entryFor(event, context.seq)], seq: context.seq + 1 };
    }),
    /**
     * Tells the openers of the modals that go that they were closed. A plain send, not `sendTo`: openers often
     * drive the stack from inside one of their own actions, where xstate would take a `sendTo` for a mistake.
     */
    replyClosed: ({ context, event }) => {
      const gone =
        event.type === "modal.close"
          ? closing(context.stack, event.id)
          : event.type === "modal.outsideClick" || event.type === "modal.replace"
            ? context.stack.slice(-1)
            : event.type === "modal.closeAll"
              ? context.stack
              : [];
      for (const entry of gone) if (entry.reply?.closed) entry.reply.to.send(entry.reply.closed);
    },
    replyAnswer: ({ context, event }) => {
      if (event.type !== "modal.answer") return;
      const reply = context.stack.find((e) => e.id === event.id)?.reply;
      const answer = reply?.[event.answer];
      if (reply && answer) reply.to.send(answer);
    },
    removeClosed: assign({
      stack: ({ context, event }) => {
        if (event.type === "modal.close") return without(context.stack, closing(context.stack, event.id));
        if (event.type === "modal.answer") return context.stack.filter((e) => e.id !== event.id);
        return context.stack;
      },
    }),
    pop: assign({ stack: ({ context }) => context.stack.slice(0, -1) }),
    clear: assign({ stack: [] }),
  },
}).createMachine({
  id: "modal",
  description:
    "The stack of open modals with their options; locks page scroll while any is open. A modal's buttons answer its opener with the events it gave, and closing it any other way sends its `closed` event.",
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
        "modal.replace": { actions: ["replyClosed", "replaceTop"] },
        "modal.close": [
          { guard: "closesLast", target: "closed", actions: ["replyClosed", "clear"] },
          { actions: ["replyClosed", "removeClosed"] },
        ],
        "modal.answer": [
          { guard: "answersLast", target: "closed", actions: ["replyAnswer", "clear"] },
          { guard: "isOpen", actions: ["replyAnswer", "removeClosed"] },
        ],
        "modal.outsideClick": [
          { guard: and(["topClosesOnOutside", "onlyOneOpen"]), target: "closed", actions: ["replyClosed", "clear"] },
          { guard: "topClosesOnOutside", actions: ["replyClosed", "pop"] },
        ],
        "modal.closeAll": { target: "closed", actions: ["replyClosed", "clear"] },
      },
    },
  },
});
