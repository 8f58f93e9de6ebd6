import { useEffect, useRef } from "react";
import type { LiveEventName, LivePayloads } from "../../contract/live";
import { onLiveEvent } from "../api/live";

export { onLiveEvent } from "../api/live";

/**
 * Runs `handler` for every `event` the live channel delivers while the component is mounted
 * (the latest handler, without resubscribing on each render).
 */
export function useLiveEvent<E extends LiveEventName>(event: E, handler: (payload: LivePayloads[E]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onLiveEvent(event, (payload) => latest.current(payload)), [event]);
}
