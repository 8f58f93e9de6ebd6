import type { AnyStateMachine } from "xstate";

// Every machine of machines/ for the staff pages, found the way `npm run flows` finds them (scripts/flows.ts
// loadMachines): each <name>.machine.ts exports a machine whose id is <name>. A machine added later is listed
// without touching this file. Loaded only with the staff chunk.
const modules = import.meta.glob<Record<string, unknown>>("../../../machines/*.machine.ts", { eager: true });

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === "object" && value !== null && "root" in value && "getStateNodeById" in value;

export const staffMachines: ReadonlyMap<string, AnyStateMachine> = new Map(
  Object.entries(modules)
    .map(([file, module]) => {
      const name = /([^/]+)\.machine\.ts$/.exec(file)![1]!;
      const machine = Object.values(module).find((v): v is AnyStateMachine => isMachine(v) && v.id === name);
      return [name, machine] as const;
    })
    .filter((entry): entry is readonly [string, AnyStateMachine] => entry[1] !== undefined)
    .toSorted(([a], [b]) => a.localeCompare(b)),
);
