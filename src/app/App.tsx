import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Router } from "wouter";
import { queryClient } from "../api/queryClient";
import { useRuntimeWanted } from "../lib/firstPaint";
import { usePageTrail } from "../runtime/pageTrail";
import { useViewportHeight } from "./layout/useViewportHeight";
import { RouteFallback } from "../ui/RouteFallback";
import { AppRoutes } from "./routes";

const AppRuntime = lazy(() => import("./AppRuntime"));

/** The actors, effects and modal host join once the first screen is on screen (for a guest on the landing, at the first interaction), so they do not delay its paint. */
function DeferredRuntime() {
  usePageTrail();
  const ready = useRuntimeWanted();
  return ready ? (
    <Suspense fallback={null}>
      <AppRuntime />
    </Suspense>
  ) : null;
}

export function App() {
  useViewportHeight();
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        {/* Outer boundary: the first translations load before anything renders. */}
        <Suspense fallback={<RouteFallback />}>
          <AppRoutes />
          <DeferredRuntime />
        </Suspense>
      </Router>
    </QueryClientProvider>
  );
}
