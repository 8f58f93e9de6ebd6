import type { ActorRefFrom } from "xstate";
import type { Tokens } from "../../contract/auth";
import type { tokenRefreshMachine } from "../../machines/tokenRefresh.machine";

type TokenRefreshActor = ActorRefFrom<typeof tokenRefreshMachine>;

/**
 * Waits for the next refresh result of the shared tokenRefresh actor. Listening starts before the request is
 * sent, so a caller that joins a refresh already in flight gets that refresh's result.
 */
export function refreshOnce(actor: TokenRefreshActor): Promise<Tokens> {
  return new Promise<Tokens>((resolve, reject) => {
    const done = actor.on("refresh.done", (event) => {
      done.unsubscribe();
      failed.unsubscribe();
      resolve(event.tokens);
    });
    const failed = actor.on("refresh.failed", (event) => {
      done.unsubscribe();
      failed.unsubscribe();
      reject(event.error);
    });
    actor.send({ type: "refresh.request" });
  });
}
