// `npm run flows`: writes docs/flows/<name>.md, a Mermaid chart generated from each machines/<name>.machine.ts,
// and docs/flows/<name>.svg, the same machine drawn by the staff page's chart renderer.
// `npm run flows:check`: exits 1, listing the charts that are stale, missing or left over.
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";
import { layoutChart } from "../src/screens/staff/chartLayout";
import { chartSvg } from "../src/screens/staff/chartSvg";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const machinesDir = join(root, "machines");
export const flowsDir = join(root, "docs", "flows");
const MACHINE_SUFFIX = ".machine.ts";
/** What `npm run flows` writes into docs/flows: a Mermaid chart and its SVG drawing per machine. */
const isChartFile = (file: string) => file.endsWith(".md") || file.endsWith(".svg");

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "getStateNodeById" in value;

/** Mermaid ids must be unique across nesting levels: the node's path, joined. */
const mermaidId = (node: AnyStateNode) => (node.path.length ? node.path.join("__") : "root");

const doneActor = /^xstate\.done\.actor\.(.+)$/;
const errorActor = /^xstate\.error\.actor\.(.+)$/;

export function eventLabel(eventType: string): string {
  const done = doneActor.exec(eventType);
  if (done) return `done ${done[1]}`;
  const error = errorActor.exec(eventType);
  if (error) return `error ${error[1]}`;
  return eventType || "always";
}

export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "object" && "type" in guard) return String(guard.type);
  if (typeof guard === "function") {
    const combined = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(combined)) {
      const parts = combined.map((g) => guardLabel(g) ?? "?");
      return guard.name === "not" ? `not ${parts.join(", ")}` : parts.join(` ${guard.name} `);
    }
    return guard.name && guard.name !== "guard" ? guard.name : "inline guard";
  }
  return "?";
}

function transitionLabel(t: AnyTransitionDefinition): string {
  const guard = guardLabel(t.guard);
  return guard ? `${eventLabel(t.eventType)} [${guard}]` : eventLabel(t.eventType);
}

function actionNames(actions: readonly unknown[]): string[] {
  return actions.flatMap((a) => {
    if (typeof a === "string") return [a];
    if (typeof a === "object" && a !== null && "type" in a) return [String(a.type)];
    if (typeof a === "function") {
      const spawned = a as { type?: string; id?: unknown; src?: unknown };
      if (spawned.type === "xstate.spawnChild") return [`spawn ${String(spawned.src)} as ${String(spawned.id)}`];
    }
    return [];
  });
}

export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

const isInside = (node: AnyStateNode, ancestor: AnyStateNode): boolean =>
  node.parent === ancestor || (node.parent !== undefined && isInside(node.parent, ancestor));

/**
 * Lines for the children of `parent`, nested Mermaid composite states for compound children.
 * Transitions that leave the composite go to `outside`, to be drawn at the top level: inside a
 * composite block Mermaid would create the target as a new inner state.
 */
function renderChildren(parent: AnyStateNode, indent: string, outside: string[]): string[] {
  const lines: string[] = [];
  const children = Object.values(parent.states) as AnyStateNode[];
  if (children.length === 0) return lines;
  for (const child of children) {
    const id = mermaidId(child);
    if (Object.keys(child.states).length > 0) {
      lines.push(
        `${indent}state "${child.key}" as ${id} {`,
        ...renderChildren(child, `${indent}  `, outside),
        `${indent}}`,
      );
    } else {
      lines.push(`${indent}state "${child.key}" as ${id}`);
    }
  }
  const initial = parent.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const child of children) {
    const id = mermaidId(child);
    for (const t of transitionsOf(child)) {
      const targets = (t.target as AnyStateNode[] | undefined) ?? [child];
      for (const target of targets) {
        const line = `${id} --> ${mermaidId(target)}: ${transitionLabel(t)}`;
        if (parent.parent === undefined || isInside(target, parent)) lines.push(`${indent}${line}`);
        else outside.push(line);
      }
    }
    if (child.type === "final") lines.push(`${indent}${id} --> [*]`);
    const notes = [
      ...child.invoke.map((inv) => `invokes ${String(inv.src)}`),
      ...actionNames(child.entry).map((a) => `entry / ${a}`),
      ...actionNames(child.exit).map((a) => `exit / ${a}`),
    ];
    if (notes.length > 0) {
      lines.push(`${indent}note right of ${id}`, ...notes.map((n) => `${indent}  ${n}`), `${indent}end note`);
    }
  }
  return lines;
}

export function renderChart(name: string, machine: AnyStateMachine): string {
  const rootNode = machine.root;
  const description = typeof machine.config.description === "string" ? machine.config.description : "";
  const everywhere = transitionsOf(rootNode).map((t) => {
    const targets = (t.target as AnyStateNode[] | undefined)?.map((n) => n.key).join(", ");
    return `- \`${transitionLabel(t)}\`${targets ? ` → ${targets}` : " (stays in the current state)"}`;
  });
  const onStart = actionNames(rootNode.entry).map((a) => `- ${a}`);
  const outside: string[] = [];
  return [
    `# ${name} machine`,
    "",
    description,
    "",
    `Generated from \`machines/${name}${MACHINE_SUFFIX}\` by \`npm run flows\`; do not edit by hand.`,
    `Without a code host to draw it, open [${name}.svg](${name}.svg), the same chart as the staff page draws it.`,
    "",
    "```mermaid",
    "stateDiagram-v2",
    ...renderChildren(rootNode, "  ", outside),
    ...outside.map((line) => `  ${line}`),
    "```",
    ...(onStart.length ? ["", "On start:", "", ...onStart] : []),
    ...(everywhere.length ? ["", "Handled in every state:", "", ...everywhere] : []),
    "",
  ].join("\n");
}

/** Every machine of machines/, keyed by its file's name (`auth` for auth.machine.ts), in file order. */
export async function loadMachines(): Promise<Map<string, AnyStateMachine>> {
  const machines = new Map<string, AnyStateMachine>();
  const files = readdirSync(machinesDir)
    .filter((f) => f.endsWith(MACHINE_SUFFIX))
    .toSorted();
  for (const file of files) {
    const name = file.slice(0, -MACHINE_SUFFIX.length);
    const module = (await import(pathToFileURL(join(machinesDir, file)).href)) as Record<string, unknown>;
    // The machine the file is named for; helper machines it re-exports belong to their own files.
    const machine = Object.values(module).find((v): v is AnyStateMachine => isMachine(v) && v.id === name);
    if (!machine) throw new Error(`machines/${file} exports no machine with id "${name}"`);
    machines.set(name, machine);
  }
  return machines;
}

/** Every chart that should exist, keyed by file name, in machine-file order. */
export async function renderAll(): Promise<Map<string, string>> {
  const charts = new Map<string, string>();
  for (const [name, machine] of await loadMachines()) {
    charts.set(`${name}.md`, renderChart(name, machine));
    // The staff page's renderer, without counts: every arrow named by its event.
    charts.set(
      `${name}.svg`,
      chartSvg(layoutChart(machine, []), {
        title: `${name} machine`,
        label: (e) => eventLabel(e.event).replace(/^xstate\.after\.([^.]+)\..*$/, "after $1"),
      }),
    );
  }
  return charts;
}

/** Charts whose file differs from the machine, is missing, or has no machine any more. */
export async function staleCharts(): Promise<string[]> {
  const charts = await renderAll();
  const problems: string[] = [];
  for (const [file, content] of charts) {
    const path = join(flowsDir, file);
    if (!existsSync(path)) problems.push(`missing: docs/flows/${file}`);
    else if (readFileSync(path, "utf8") !== content) problems.push(`stale: docs/flows/${file}`);
  }
  const present = existsSync(flowsDir) ? readdirSync(flowsDir).filter(isChartFile) : [];
  for (const file of present.toSorted()) if (!charts.has(file)) problems.push(`no machine: docs/flows/${file}`);
  return problems;
}

async function main() {
  if (process.argv.includes("--check")) {
    const problems = await staleCharts();
    if (problems.length > 0) {
      console.error(`Flow charts out of date (run \`npm run flows\`):\n${problems.map((p) => `  ${p}`).join("\n")}`);
      process.exit(1);
    }
    console.log("Flow charts are up to date.");
    return;
  }
  const charts = await renderAll();
  mkdirSync(flowsDir, { recursive: true });
  for (const [file, content] of charts) writeFileSync(join(flowsDir, file), content);
  for (const file of readdirSync(flowsDir).filter((f) => isChartFile(f) && !charts.has(f))) {
    unlinkSync(join(flowsDir, file));
  }
  console.log(`Wrote ${[...charts.keys()].map((f) => `docs/flows/${f}`).join(", ")}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
