// The analysts' figures from transition counts (contract/analytics.ts).
import { describe, expect, it } from "vitest";
import { countsCsv, FlowName, funnel, shares, stateFlows, type FlowCount } from "../../contract/analytics";

const c = (from: string, event: string, to: string, count: number, machine = "predictionChange"): FlowCount => ({
  machine,
  from,
  event,
  to,
  count,
});
const counts = [
  c("idle", "change.open", "choosing", 10),
  c("choosing", "change.confirm", "saving", 6),
  c("choosing", "change.cancel", "idle", 2),
  c("saving", "xstate.done.actor.save", "done", 5),
  c("saving", "retry", "saving", 3),
];

describe("Analysts' figures", () => {
  it("a transition's share is of everything leaving its state", () => {
    const s = shares(counts);
    expect(s.get(counts[1]!)).toBe(0.75);
    expect(s.get(counts[2]!)).toBe(0.25);
    expect(s.get(counts[0]!)).toBe(1);
  });

  it("drop-off: entered but never left (self-transitions count neither way)", () => {
    expect(stateFlows(counts)).toEqual([
      { machine: "predictionChange", state: "choosing", entered: 10, left: 8, dropOff: 2 },
      { machine: "predictionChange", state: "done", entered: 5, left: 0, dropOff: 5 },
      { machine: "predictionChange", state: "idle", entered: 2, left: 10, dropOff: 0 },
      { machine: "predictionChange", state: "saving", entered: 6, left: 5, dropOff: 1 },
    ]);
  });

  it("a funnel follows a chosen path of events, each step capped by the one before", () => {
    expect(funnel(counts, "predictionChange", ["change.open", "change.confirm", "xstate.done.actor.save"])).toEqual([
      { event: "change.open", count: 10, share: 1 },
      { event: "change.confirm", count: 6, share: 0.6 },
      { event: "xstate.done.actor.save", count: 5, share: 0.5 },
    ]);
    expect(funnel(counts, "leagueJoin", ["league.join"])).toEqual([{ event: "league.join", count: 0, share: 0 }]);
  });

  it("exports CSV with a header and one line per transition", () => {
    const csv = countsCsv(counts).split("\n");
    expect(csv[0]).toBe("machine,from,event,to,count,share");
    expect(csv[2]).toBe("predictionChange,choosing,change.confirm,saving,6,0.75");
    expect(csv).toHaveLength(6);
  });

  it("a flow name cannot carry an e-mail address or free text", () => {
    expect(FlowName.safeParse("ready.outside").success).toBe(true);
    expect(FlowName.safeParse("xstate.done.actor.join").success).toBe(true);
    expect(FlowName.safeParse("ana@example.com").success).toBe(false);
    expect(FlowName.safeParse("John Smith").success).toBe(false);
  });
});
