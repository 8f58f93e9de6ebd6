import { describe, expect, it } from "vitest";
import { loadMachines, renderAll, staleCharts } from "../../scripts/flows";
import { machineFlowKeys, stateName } from "../../machines/flowNames";
import { allTransitions } from "./transitions";

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

  it.each([...machines])(
    "%s: arrows plus 'handled in every state' entries equal its transitions",
    async (name, machine) => {
      const chart = (await renderAll()).get(`${name}.md`)!;
      const arrows = chart.split("\n").filter((l) => / --> /.test(l) && !l.includes("[*]"));
      const everywhere = chart.split("\n").filter((l) => l.startsWith("- `"));
      expect(arrows.length + everywhere.length).toBe(allTransitions(machine).size);
    },
  );

  it.each([...machines])("%s: names every state", async (name, machine) => {
    const chart = (await renderAll()).get(`${name}.md`)!;
    const keys = (node: { states: Record<string, unknown> }): string[] =>
      Object.entries(node.states).flatMap(([key, child]) => [key, ...keys(child as typeof node)]);
    for (const key of keys(machine.root)) expect(chart).toContain(`state "${key}"`);
  });

  it.each([...machines])(
    "%s: its SVG drawing (the staff page's renderer) has a box per state and an arrow per transition",
    async (name, machine) => {
      const svg = (await renderAll()).get(`${name}.svg`)!;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
      expect(svg).toContain(`<title id="title">${name} machine</title>`);
      const states = (node: { states: Record<string, unknown> }): string[] =>
        Object.values(node.states).flatMap((child) => [stateName(child as never), ...states(child as typeof node)]);
      for (const state of states(machine.root)) expect(svg).toContain(`font-weight="700">${state}</text>`);
      const arrows = new Set(machineFlowKeys(machine).map((k) => `${k.from}|${k.event}|${k.to}`));
      expect(svg.match(/marker-end="url\(#arrow\)"/g)?.length ?? 0).toBe(arrows.size);
    },
  );
});
