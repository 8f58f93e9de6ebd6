export { createLive, userRoom, ALL_ROOM, type LiveHub, type LiveOptions } from "./hub";
export type { Live, LiveState, LiveTx } from "./types";
