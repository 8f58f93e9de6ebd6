// Runs beside every e2e file: a test during which a page reported a CSP violation fails (./csp.ts).
import { afterEach, expect } from "vitest";
import { takeCspViolations } from "./csp";

afterEach(() => {
  expect(takeCspViolations(), "Content-Security-Policy violations").toEqual([]);
});
