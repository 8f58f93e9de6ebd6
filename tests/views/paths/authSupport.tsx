// The app as a page load makes it, once per path: the session's machine is the app actor's own child, made and started
// when src/runtime/appActor.ts is first loaded, and every path starts there (`checking`, with or without a stored
// session). So a path loads the app's modules anew, with their own actors and texts, and the views it renders are
// those modules' too. The fresh modules report their transitions to the recorder the walker listens to.
import { expect, vi } from "vitest";
import { appRecorder } from "../../../src/runtime/flowReporter";

export async function loadFreshApp() {
  vi.resetModules();
  const reporter = await import("../../../src/runtime/flowReporter");
  // Read at each event: the walker's listener is put on the recorder it imported.
  reporter.appRecorder.inspect = (event) => appRecorder.inspect(event);
  const i18n = await import("../../../src/i18n/i18n");
  await i18n.initI18n("en");
  await i18n.i18n.loadNamespaces([...i18n.namespaces]);
  const runtime = await import("../../../src/runtime/appActor");
  const [hooks, tokens, header, requireAuth, account, appRuntime, render] = await Promise.all([
    import("../../../src/runtime/hooks"),
    import("../../../src/api/tokens"),
    import("../../../src/app/layout/Header"),
    import("../../../src/app/RequireAuth"),
    import("../../../src/screens/editProfile/AccountSection"),
    import("../../../src/app/AppRuntime"),
    import("../renderWithApp"),
  ]);
  return {
    runtime,
    hooks,
    tokens,
    Header: header.Header,
    RequireAuth: requireAuth.RequireAuth,
    AccountSection: account.AccountSection,
    AppRuntime: appRuntime.default,
    renderWithApp: render.renderWithApp,
    /** The page is gone: its actors stop, and nothing they do later reaches the walker. */
    unload() {
      runtime.appActor.stop();
      reporter.appRecorder.inspect = () => {};
    },
  };
}

export type FreshApp = Awaited<ReturnType<typeof loadFreshApp>>;

/** What the view shows after a render in a transition, which a loaded machine may take seconds to commit. */
export const poll = <T,>(read: () => T) => expect.poll(read, { timeout: 5000, interval: 20 });
