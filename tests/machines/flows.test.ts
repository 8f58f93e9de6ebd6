import { describe, expect, it } from "vitest";
import { loadMachines, renderAll, staleCharts } from "../../scripts/flows";
import { allTransitions } from "./modelWalk";

describe("Every machine has a current generated chart in docs/flows", () => {
  it("has no stale, missing or orphaned chart (run `npm run flows` to fix)", async () => {
    expect(await staleCharts()).toEqual([]);
  });

  it("renders the same text every time", async () => {
    expect(await renderAll()).toEqual(await renderAll());
  });
});

describe("A chart draws every transition of its machine", async () => {
  // Every machine in machines/, so a new one is checked without touching this file.
  const machines = await loadMachines();

  it.each([...machines])("%s: arrows plus 'handled in every state' entries equal its transitions", async (name, machine) => {
    const chart = (await renderAll()).get(`${name}.md`)!;
    const arrows = chart.split("\n").filter((l) => / --> /.test(l) && !l.includes("[*]"));
    const everywhere = chart.split("\n").filter((l) => l.startsWith("- `"));
    expect(arrows.length + everywhere.length).toBe(allTransitions(machine).size);
  });

  it.each([...machines])("%s: names every state", async (name, machine) => {
    const chart = (await renderAll()).get(`${name}.md`)!;
    const keys = (node: { states: Record<string, unknown> }): string[] =>
      Object.entries(node.states).flatMap(([key, child]) => [key, ...keys(child as typeof node)]);
    for (const key of keys(machine.root)) expect(chart).toContain(`state "${key}"`);
  });
});
