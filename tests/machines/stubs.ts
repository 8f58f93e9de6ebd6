import { fromPromise } from "xstate";

/** Promise actors whose outcome a test decides, keyed by the invoke id (`self.id`). */
export function promiseStubs<const TNames extends string>(names: readonly TNames[]) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const inputs: Array<{ id: string; input: unknown }> = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input, self }) =>
          new Promise((resolve, reject) => {
            inputs.push({ id: self.id, input });
            pending.set(self.id, { resolve, reject });
          }),
      ),
    ]),
    // Outputs come from the test, so one untyped stub stands in for any promise actor.
  ) as Record<TNames, never>;
  return { actors, pending, inputs };
}

/** Lets a settled promise's events run (one macrotask). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
