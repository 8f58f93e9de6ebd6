// The e2e suite fails on any Content-Security-Policy violation a page reports (server/http/securityHeaders.ts):
// a script, style, picture or connection the policy blocks is a feature broken in production, even when the
// test's own assertions never look at it. Each context's pages report violations through the console; the
// e2e setup file fails the test in which they were seen.
import type { BrowserContext } from "playwright-core";

const PREFIX = "CSP violation:";
const seen: string[] = [];

/** Reports every violation in the context's pages (added before any page of it opens). */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript((prefix) => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(
        `${prefix} ${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} in ${e.sourceFile || location.pathname}:${e.lineNumber}`,
      );
    });
  }, PREFIX);
  context.on("console", (message) => {
    if (message.type() === "error" && message.text().startsWith(PREFIX))
      seen.push(`${new URL(message.page()?.url() ?? "about:blank").pathname}: ${message.text()}`);
  });
}

/** The violations seen since the last call. */
export const takeCspViolations = (): string[] => seen.splice(0);
