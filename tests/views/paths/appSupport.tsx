// A fresh app for each path of the app and analytics machines. Their actors are the app's root and its child: created
// once per page load at module level (src/runtime/appActor.ts) and never back in the state a path starts in once the
// runtime has arrived. So each path loads the app's modules anew, as a new page does: the app actor, its runtime
// chunk (src/app/AppRuntime.tsx, which announces its arrival), the header, the router bridge and the translations.
// The fresh inspector reports to the one the walker taps, so the walker sees the fresh actors' transitions.
import { act } from "@testing-library/react";
import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { expect, vi } from "vitest";
import { profileFixture } from "../fixtures";
import { appRecorder } from "../../../src/runtime/flowReporter";
import type { Profile } from "../../../contract/users";
import type { Call } from "../screens/stubRoutes";

export const PAGE_VIEW = "/api/analytics/page-view";
export const SETTINGS = "/api/analytics/settings";
export const PROFILE = "/api/users/profile";

/** `expect.poll` with the patience of a shared, loaded machine (the app's modules load anew for each path). */
export const poll = <T,>(read: () => T) => expect.poll(read, { timeout: 5000, interval: 20 });

/** The page views the network received, by the page's path. */
export const pageViews = (calls: readonly Call[]) =>
  calls.filter((c) => c.path === PAGE_VIEW).map((c) => (c.body as { path: string }).path);

/** A session kept by an earlier page (the tokens a sign-in stored): the new page restores it. */
export function storeSession() {
  sessionStorage.setItem("accessToken", "access");
  sessionStorage.setItem("refreshToken", "refresh");
}

/** A signed-in profile as the server answers it. */
export const profileWith = (changes: Partial<Profile> = {}): Profile => ({ ...profileFixture, ...changes });

/**
 * Loads the app anew at `path?search` and renders its shell: the header, and the runtime once `arrive` is called
 * (what src/app/App.tsx's DeferredRuntime mounts after the first screen has painted). The network must be stubbed
 * (./heldApi.ts) and a stored session kept before: the app actor starts as the modules load.
 */
export async function freshApp({
  path = "/",
  search = "",
  page,
}: {
  path?: string;
  search?: string;
  /** Loads what the page shows under the header (from the fresh modules). */
  page?: () => Promise<ComponentType>;
} = {}) {
  // The reports' keepalive fetch names its URL from the page's origin, as a browser resolves it; the stubbed network
  // (./heldApi.ts) reads absolute URLs only.
  const network = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    network(typeof input === "string" && input.startsWith("/") ? new URL(input, location.origin) : input, init),
  );
  vi.resetModules();
  const reporter = await import("../../../src/runtime/flowReporter");
  reporter.appRecorder.inspect = (event) => appRecorder.inspect(event);
  const { i18n, initI18n, namespaces } = await import("../../../src/i18n/i18n");
  await initI18n("en");
  await i18n.loadNamespaces([...namespaces]);
  const runtime = await import("../../../src/runtime/appActor");
  const { renderWithApp } = await import("../renderWithApp");
  const { Header } = await import("../../../src/app/layout/Header");
  const { usePageTrail } = await import("../../../src/runtime/pageTrail");
  const Page = page ? await page() : () => null;
  const AppRuntime = lazy(() => import("../../../src/app/AppRuntime"));

  const runtimeGate = { mount: () => {} };
  function Shell() {
    usePageTrail();
    const [arrived, setArrived] = useState(false);
    useEffect(() => {
      runtimeGate.mount = () => setArrived(true);
    }, []);
    return (
      <>
        <Header />
        <Page />
        {arrived ? (
          <Suspense fallback={null}>
            <AppRuntime />
          </Suspense>
        ) : null}
      </>
    );
  }
  const view = renderWithApp(<Shell />, { path, search });
  return {
    ...runtime,
    view,
    /** The first screen has painted: the runtime's chunk loads and mounts the modal host. */
    arrive: () => act(async () => runtimeGate.mount()),
    /** Where the app is: the path and the query. */
    location: () => view.location(),
    /** Ends this page's app: its actors and what they follow (links, storage events, the location) stop. */
    stop: () => void runtime.appActor.stop(),
  };
}

export type FreshApp = Awaited<ReturnType<typeof freshApp>>;
