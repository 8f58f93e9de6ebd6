import { describe, expect, it } from "vitest";
import { renderAll, staleCharts } from "../../scripts/flows";
import { appMachine } from "../../machines/app.machine";
import { authMachine } from "../../machines/auth.machine";
import { modalMachine } from "../../machines/modal.machine";
import { tokenRefreshMachine } from "../../machines/tokenRefresh.machine";
import { allTransitions } from "./modelWalk";

describe("Every machine has a current generated chart in docs/flows", () => {
  it("has no stale, missing or orphaned chart (run `npm run flows` to fix)", async () => {
    expect(await staleCharts()).toEqual([]);
  });

  it("renders the same text every time", async () => {
    expect(await renderAll()).toEqual(await renderAll());
  });
});

describe("A chart draws every transition of its machine", () => {
  const machines = { app: appMachine, auth: authMachine, modal: modalMachine, tokenRefresh: tokenRefreshMachine };

  it.each(Object.entries(machines))("%s: arrows plus 'handled in every state' entries equal its transitions", async (name, machine) => {
    const chart = (await renderAll()).get(`${name}.md`)!;
    const arrows = chart.split("\n").filter((l) => / --> /.test(l) && !l.includes("[*]"));
    const everywhere = chart.split("\n").filter((l) => l.startsWith("- `"));
    expect(arrows.length + everywhere.length).toBe(allTransitions(machine).size);
  });

  it.each(Object.entries(machines))("%s: names every state", async (name, machine) => {
    const chart = (await renderAll()).get(`${name}.md`)!;
    const keys = (node: { states: Record<string, unknown> }): string[] =>
      Object.entries(node.states).flatMap(([key, child]) => [key, ...keys(child as typeof node)]);
    for (const key of keys(machine.root)) expect(chart).toContain(`state "${key}"`);
  });
});
