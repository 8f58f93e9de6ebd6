import type { AnyTransitionDefinition, InspectionEvent } from "xstate";
import {
  TRANSITION_BATCH_MAX,
  TRANSITION_FLUSH_MS,
  TRANSITION_SAMPLE_RATE,
  type ReportedTransition,
} from "../../contract/analytics";
import { flowKeysOf, flowKeyString } from "../../machines/flowNames";
import { createRecorder } from "../../machines/recorder";
import { sendTransitions } from "../api/analytics";

/**
 * Counts the transitions the app's actors take (machine, source state, event type, target state;
 * never context or event payloads) and sends them in batches. Every app-level actor is created with
 * `{ inspect: observeFlows }`, which covers the actors it spawns. Sampled once per page load; nothing is sent
 * while the player's analytics choice is unknown or they opted out (machines/analytics.machine.ts).
 */

export type Consent = "unknown" | "granted" | "refused";

const sampled = Math.random() < TRANSITION_SAMPLE_RATE;
const pending = new Map<string, ReportedTransition>();
let consent: Consent = "unknown";
let timer: ReturnType<typeof setTimeout> | null = null;

/** "Report a problem" (src/runtime/diagnostics.ts): every app actor's recent events, from the same inspector. */
export const appRecorder = createRecorder();

export function observeFlows(event: InspectionEvent): void {
  appRecorder.inspect(event);
  if (event.type !== "@xstate.microstep" || !sampled || consent === "refused") return;
  // oxlint-disable-next-line no-underscore-dangle -- xstate's inspection API names it so
  for (const t of event._transitions as AnyTransitionDefinition[]) {
    for (const key of flowKeysOf(t)) {
      const id = flowKeyString(key);
      const seen = pending.get(id);
      pending.set(id, seen ? { ...seen, count: seen.count + 1 } : { ...key, count: 1 });
    }
  }
  if (pending.size >= TRANSITION_BATCH_MAX) flushFlows();
  else timer ??= setTimeout(flushFlows, TRANSITION_FLUSH_MS);
}

/** Sends what was counted (at most one batch's worth at a time). Kept while consent is unknown. */
export function flushFlows(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (consent !== "granted" || pending.size === 0) return;
  const batch = [...pending.values()].slice(0, TRANSITION_BATCH_MAX);
  for (const t of batch) pending.delete(flowKeyString(t));
  void sendTransitions({ transitions: batch });
  if (pending.size > 0) timer = setTimeout(flushFlows, TRANSITION_FLUSH_MS);
}

/** The player's choice (a guest's is granted): refusing drops what was counted. */
export function setFlowConsent(next: Consent): void {
  consent = next;
  if (next === "refused") pending.clear();
  if (next === "granted" && pending.size > 0) timer ??= setTimeout(flushFlows, TRANSITION_FLUSH_MS);
}

export const flowConsent = () => consent;

if (typeof document !== "undefined") {
  // Hidden or closing: send now (keepalive lets the request outlive the page).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushFlows();
  });
}
