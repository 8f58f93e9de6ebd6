import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { LongFirst } from "./tests/longFirst";

// One project per layer so each runs in the environment it needs; e2e runs last, on its own.
export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default on a 2-core machine is one worker, which runs every unit file in turn; the server files wait on
    // their databases and child processes often enough that two at a time finish sooner (each file has its own
    // PostgreSQL schema and PGlite).
    maxWorkers: 2,
    sequence: { sequencer: LongFirst },
    projects: [
      { extends: true, test: { name: "contract", include: ["tests/contract/**/*.test.ts"], environment: "node" } },
      { extends: true, test: { name: "machines", include: ["tests/machines/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "views",
          include: ["tests/views/**/*.test.tsx", "tests/views/**/*.test.ts"],
          environment: "jsdom",
          setupFiles: ["tests/views/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          setupFiles: ["tests/e2e/setup.ts"],
          environment: "node",
          // A page's chunks, the app runtime and the modal host load after its first paint: on a loaded machine a
          // poll needs more than vitest's default second.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own product and Chromium and spends most of its time waiting on them (a page to
          // settle, a fade, a poll), not on the cores: three at a time keep both cores busy.
          maxWorkers: 3,
        },
      },
    ],
  },
});
