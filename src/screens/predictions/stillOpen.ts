import { modalActor } from "../../app/appActor";

/**
 * Whether a modal entry is still on the stack. A modal's unmount cleanup cancels its flow only when the entry
 * is really gone (closed), not when React merely remounts it (StrictMode's development double effects).
 */
export const stillOpen = (id: string) => modalActor.getSnapshot().context.stack.some((e) => e.id === id);
