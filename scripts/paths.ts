// `npm run paths`: writes docs/qa/<machine>.md, QA's path catalogue generated from each machines/<name>.machine.ts
// (the same registry as `npm run flows`, so a new machine is covered without touching this file), and
// docs/qa/README.md, the summary table (paths, transitions, coverage).
// `npm run paths:check`: exits 1, listing the catalogue files that are stale, missing or left over, and every
// machine whose transitions the paths do not all take.
//
// A path is the shortest walk from the machine's start that ends by taking one transition, in plain words:
// each step names the event (and the guard that must hold), then the state the player is in after it. Every
// transition of the machine ends one path, so walking the catalogue covers the machine's transitions, the
// same set `tests/machines/transitions.ts` measures (its `allTransitions`).
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";
import { flowKeyString, machineFlowKeys } from "../machines/flowNames";
import { eventLabel, guardLabel, loadMachines, transitionsOf } from "./flows";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const qaDir = join(root, "docs", "qa");
const SUMMARY = "README.md";
/** The transitions the server accepts in analytics reports (it never imports machines/): generated with the catalogue. */
export const flowKeysFile = join(root, "contract", "flowKeys.generated.ts");

/** A transition's identity, as `tests/machines/transitions.ts` `transitionKey` writes it. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  const list: AnyTransitionDefinition[] =
    t.eventType === "" ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const targets = t.target?.map((n) => n.id).join(",") ?? "(self)";
  return `${source.id} --${t.eventType || "always"}#${list.indexOf(t)}--> ${targets}`;
}

/** Every transition of the machine, parents before children, in declaration order. */
export function machineTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  const visit = (node: AnyStateNode): AnyTransitionDefinition[] => [
    ...transitionsOf(node),
    ...(Object.values(node.states) as AnyStateNode[]).flatMap(visit),
  ];
  return visit(machine.root);
}

/** The set of active state nodes (ancestors included, the root excluded). */
type Configuration = ReadonlySet<AnyStateNode>;

const ancestors = (node: AnyStateNode): AnyStateNode[] => (node.parent ? [node.parent, ...ancestors(node.parent)] : []);
const isDescendant = (node: AnyStateNode, of: AnyStateNode) => ancestors(node).includes(of);

/** Adds the compound states' initial children and every region of a parallel state until nothing is missing. */
function complete(active: Set<AnyStateNode>, machineRoot: AnyStateNode): Set<AnyStateNode> {
  let changed = true;
  while (changed) {
    changed = false;
    for (const node of [machineRoot, ...active]) {
      const children = Object.values(node.states) as AnyStateNode[];
      if (children.length === 0) continue;
      const wanted =
        node.type === "parallel"
          ? children.filter((c) => c.type !== "history")
          : children.some((c) => active.has(c))
            ? []
            : [initialChild(node)];
      for (const child of wanted) {
        if (!active.has(child)) {
          active.add(child);
          changed = true;
        }
      }
    }
  }
  return active;
}

function initialChild(node: AnyStateNode): AnyStateNode {
  const target = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (!target) return (Object.values(node.states) as AnyStateNode[])[0]!;
  // An initial target deeper than a child: the child on the way to it.
  return target.parent === node ? target : ancestors(target).find((a) => a.parent === node)!;
}

export function initialConfiguration(machine: AnyStateMachine): Configuration {
  return complete(new Set(), machine.root);
}

/** A history target is entered as its parent's default (the catalogue walks from fresh starts). */
const entered = (target: AnyStateNode): AnyStateNode => (target.type === "history" ? target.parent! : target);

/** The configuration after taking `t` (guards assumed to hold), following SCXML's exit and entry sets. */
export function takeTransition(
  machine: AnyStateMachine,
  active: Configuration,
  t: AnyTransitionDefinition,
): Configuration {
  const targets = (t.target ?? []).map(entered);
  if (targets.length === 0) return active;
  const source = t.source;
  const inside = !t.reenter && targets.every((target) => isDescendant(target, source));
  const domain = inside
    ? source
    : ([...ancestors(source)].find(
        (a) => (a.type === "compound" || a === machine.root) && targets.every((target) => isDescendant(target, a)),
      ) ?? machine.root);
  const next = new Set([...active].filter((n) => !isDescendant(n, domain)));
  for (const target of targets) {
    next.add(target);
    for (const a of ancestors(target)) {
      if (a === domain || isDescendant(domain, a) || a === machine.root) break;
      next.add(a);
    }
  }
  return complete(next, machine.root);
}

/**
 * The transitions the configuration enables, ignoring guards; none once a top-level final state is reached. A
 * transient state (an eventless transition without a guard) is left at once: only its eventless ones are enabled.
 */
function enabled(machine: AnyStateMachine, active: Configuration): AnyTransitionDefinition[] {
  if ([...active].some((n) => n.parent === machine.root && n.type === "final")) return [];
  const nodes = [machine.root, ...active];
  const transient = nodes.filter((n) => (n.always ?? []).some((t) => !t.guard));
  if (transient.length > 0) return transient.flatMap((n) => n.always ?? []);
  return nodes.flatMap(transitionsOf);
}

/** An unguarded transition listed after guarded ones for the same event is taken only when none of theirs hold. */
function isOtherwise(t: AnyTransitionDefinition): boolean {
  const list: AnyTransitionDefinition[] =
    t.eventType === "" ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return !t.guard && list.indexOf(t) > 0;
}

/** The active leaves as dotted names ("ready.outside"; parallel regions joined with " + "). */
export function describeConfiguration(active: Configuration): string {
  const leaves = [...active].filter((n) => !Object.values(n.states).some((c) => active.has(c as AnyStateNode)));
  return leaves
    .map((n) => n.path.join("."))
    .toSorted()
    .join(" + ");
}

const configurationKey = (active: Configuration) =>
  [...active]
    .map((n) => n.id)
    .toSorted()
    .join("|");

export type PathStep = {
  transition: AnyTransitionDefinition;
  event: string;
  guard: string | null;
  otherwise: boolean;
  state: string;
};
export type QaPath = { key: string; start: string; steps: PathStep[] };

/**
 * One path per transition: the shortest walk (breadth first over configurations) to a configuration where the
 * transition's source is active, then the transition. Transitions that no walk reaches get no path.
 */
export function generatePaths(machine: AnyStateMachine): QaPath[] {
  const start = initialConfiguration(machine);
  const shortest = new Map<string, { steps: PathStep[] }>();
  const seen = new Set([configurationKey(start)]);
  const queue: Array<{ active: Configuration; steps: PathStep[] }> = [{ active: start, steps: [] }];
  while (queue.length > 0) {
    const { active, steps } = queue.shift()!;
    for (const t of enabled(machine, active)) {
      const next = takeTransition(machine, active, t);
      const path = [
        ...steps,
        {
          transition: t,
          event: eventLabel(t.eventType),
          guard: guardLabel(t.guard),
          otherwise: isOtherwise(t),
          state: describeConfiguration(next),
        },
      ];
      const key = transitionKey(t);
      if (!shortest.has(key)) shortest.set(key, { steps: path });
      const nextKey = configurationKey(next);
      if (!seen.has(nextKey)) {
        seen.add(nextKey);
        queue.push({ active: next, steps: path });
      }
    }
  }
  const startName = describeConfiguration(start);
  return machineTransitions(machine).flatMap((t) => {
    const found = shortest.get(transitionKey(t));
    return found ? [{ key: transitionKey(t), start: startName, steps: found.steps }] : [];
  });
}

const code = (text: string) => `\`${text.replaceAll("`", "'")}\``;

/** "start in `a` → `go` [ok] → `b` → … → expect `c`". */
export function pathInWords(path: QaPath): string {
  const parts = [`start in ${code(path.start)}`];
  path.steps.forEach((step, i) => {
    parts.push(
      step.guard
        ? `${code(step.event)} when ${code(step.guard)}`
        : step.otherwise
          ? `${code(step.event)} otherwise`
          : code(step.event),
    );
    parts.push(i === path.steps.length - 1 ? `expect ${code(step.state)}` : code(step.state));
  });
  return parts.join(" → ");
}

export type Coverage = { machine: string; paths: number; transitions: number; covered: number };

export function coverageOf(name: string, machine: AnyStateMachine, paths: QaPath[]): Coverage {
  const all = new Set(machineTransitions(machine).map(transitionKey));
  const covered = new Set(
    paths.flatMap((p) => p.steps.map((s) => transitionKey(s.transition))).filter((k) => all.has(k)),
  );
  return { machine: name, paths: paths.length, transitions: all.size, covered: covered.size };
}

const percent = (c: Coverage) => (c.transitions === 0 ? 100 : Math.floor((c.covered * 100) / c.transitions));

export function renderCatalogue(name: string, machine: AnyStateMachine, paths: QaPath[]): string {
  const c = coverageOf(name, machine, paths);
  return [
    `# ${name} machine: QA paths`,
    "",
    `Generated from \`machines/${name}.machine.ts\` by \`npm run paths\`; do not edit by hand. Chart: [docs/flows/${name}.md](../flows/${name}.md).`,
    "",
    `${c.paths} paths take ${c.covered} of its ${c.transitions} transitions (${percent(c)}%). Each path is the shortest`,
    "walk from the start that ends with its transition; a guard named after `when` must hold for that step, and a",
    "step marked `otherwise` is taken when the guards listed before it for the same event do not hold.",
    "",
    ...paths.map((p, i) => `${i + 1}. ${pathInWords(p)}`),
    "",
  ].join("\n");
}

export function renderSummary(coverages: Coverage[]): string {
  const total = coverages.reduce(
    (s, c) => ({
      paths: s.paths + c.paths,
      transitions: s.transitions + c.transitions,
      covered: s.covered + c.covered,
    }),
    {
      paths: 0,
      transitions: 0,
      covered: 0,
    },
  );
  return [
    "# QA path catalogue",
    "",
    "Generated from every machine in `machines/` by `npm run paths`; `npm run paths:check` (part of `npm test`) fails",
    "when a file is stale or a machine's transitions are not all taken by its paths.",
    "",
    "| Machine | Paths | Transitions | Covered | Coverage |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...coverages.map(
      (c) => `| [${c.machine}](${c.machine}.md) | ${c.paths} | ${c.transitions} | ${c.covered} | ${percent(c)}% |`,
    ),
    `| **All** | ${total.paths} | ${total.transitions} | ${total.covered} | ${percent({ machine: "", ...total })}% |`,
    "",
  ].join("\n");
}

export function renderFlowKeys(machines: Iterable<AnyStateMachine>): string {
  const keys = [...new Set([...machines].flatMap((m) => machineFlowKeys(m).map(flowKeyString)))].toSorted();
  return [
    "// Generated by `npm run paths` from machines/ (machines/flowNames.ts); do not edit by hand.",
    "// Every transition a browser may report to POST /analytics/transitions: machine|from|event|to.",
    "export const flowKeys: readonly string[] = [",
    ...keys.map((k) => `  ${JSON.stringify(k)},`),
    "];",
    "",
  ].join("\n");
}

/** Every catalogue file that should exist, keyed by file name, each machine's coverage, and the flow keys file. */
export async function renderAllPaths(): Promise<{
  files: Map<string, string>;
  coverages: Coverage[];
  flowKeys: string;
}> {
  const files = new Map<string, string>();
  const coverages: Coverage[] = [];
  const machines = await loadMachines();
  for (const [name, machine] of machines) {
    const paths = generatePaths(machine);
    files.set(`${name}.md`, renderCatalogue(name, machine, paths));
    coverages.push(coverageOf(name, machine, paths));
  }
  files.set(SUMMARY, renderSummary(coverages));
  return { files, coverages, flowKeys: renderFlowKeys(machines.values()) };
}

/** Stale, missing or orphaned files, and machines not fully covered. */
export async function catalogueProblems(): Promise<string[]> {
  const { files, coverages, flowKeys } = await renderAllPaths();
  const problems: string[] = [];
  if (!existsSync(flowKeysFile)) problems.push("missing: contract/flowKeys.generated.ts");
  else if (readFileSync(flowKeysFile, "utf8") !== flowKeys) problems.push("stale: contract/flowKeys.generated.ts");
  for (const [file, content] of files) {
    const path = join(qaDir, file);
    if (!existsSync(path)) problems.push(`missing: docs/qa/${file}`);
    else if (readFileSync(path, "utf8") !== content) problems.push(`stale: docs/qa/${file}`);
  }
  const present = existsSync(qaDir) ? readdirSync(qaDir).filter((f) => f.endsWith(".md")) : [];
  for (const file of present.toSorted()) if (!files.has(file)) problems.push(`no machine: docs/qa/${file}`);
  for (const c of coverages)
    if (c.covered < c.transitions)
      problems.push(`not covered: ${c.machine} (${c.covered}/${c.transitions} transitions)`);
  return problems;
}

async function main() {
  if (process.argv.includes("--check")) {
    const problems = await catalogueProblems();
    if (problems.length > 0) {
      console.error(
        `QA path catalogue out of date or incomplete (run \`npm run paths\`):\n${problems.map((p) => `  ${p}`).join("\n")}`,
      );
      process.exit(1);
    }
    console.log("QA path catalogue is up to date; every machine is 100% covered.");
    return;
  }
  const { files, coverages, flowKeys } = await renderAllPaths();
  writeFileSync(flowKeysFile, flowKeys);
  mkdirSync(qaDir, { recursive: true });
  for (const [file, content] of files) writeFileSync(join(qaDir, file), content);
  for (const file of readdirSync(qaDir).filter((f) => f.endsWith(".md") && !files.has(f)))
    unlinkSync(join(qaDir, file));
  for (const c of coverages) console.log(`${c.machine}: ${c.paths} paths, ${c.covered}/${c.transitions} transitions`);
  console.log(`Wrote ${files.size} files in docs/qa`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
