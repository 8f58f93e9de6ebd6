import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { Router } from "wouter";
import { queryClient } from "../api/queryClient";
import { AppEvents } from "./AppEvents";
import { useViewportHeight } from "./layout/useViewportHeight";
import { ModalHost } from "./ModalHost";
import { QueryEffects } from "./QueryEffects";
import { ResultsEffects } from "./ResultsEffects";
import { InjuryEffects } from "./InjuryEffects";
import { RouteFallback } from "./RouteFallback";
import { AppRoutes } from "./routes";
import { SessionEffects } from "./SessionEffects";
import { AnalyticsEffects } from "./AnalyticsEffects";

export function App() {
  useViewportHeight();
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        {/* Outer boundary: the first translations load before anything renders. */}
        <Suspense fallback={<RouteFallback />}>
          <AppEvents />
          <QueryEffects />
          <SessionEffects />
          <ResultsEffects />
          <InjuryEffects />
          <AnalyticsEffects />
          <AppRoutes />
          <ModalHost />
        </Suspense>
      </Router>
    </QueryClientProvider>
  );
}
