/** The only source of time on the server. Outside production it can be moved for tests and support. */
export type Clock = {
  now(): Date;
  offsetMs(): number;
  /** Moves "now" to the given instant (keeps ticking from there). */
  set(at: Date): void;
  setOffset(ms: number): void;
  reset(): void;
};

export function createClock(realNow: () => number = Date.now): Clock {
  let offset = 0;
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    set: (at) => {
      offset = at.getTime() - realNow();
    },
    setOffset: (ms) => {
      offset = ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}
