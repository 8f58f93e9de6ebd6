import { runtimeArrived } from "../runtime/appActor";
import { ModalHost } from "./ModalHost";

// This chunk is loaded once the first screen has painted (src/lib/firstPaint.ts), so its arrival is the moment the app
// machine starts answering links, sign-ins, notices and analytics: once, on loading the module, whatever React mounts.
runtimeArrived();

/**
 * The app's long-lived side as React shows it: the modal host. The app actor (session, token refresh, live socket,
 * notifications, modals) and what wires them live in src/runtime/appActor.ts. Its own chunk, loaded after the first
 * screen has painted, so a guest's landing does not wait for xstate, the API client and zod.
 */
export default function AppRuntime() {
  return <ModalHost />;
}
