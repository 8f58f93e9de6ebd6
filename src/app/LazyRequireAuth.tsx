import { lazy, type ReactNode } from "react";

// The guard reads the session from the app actor: loaded with the guarded screen, never by the landing.
const Guard = lazy(() => import("./RequireAuth").then((m) => ({ default: m.RequireAuth })));

/** src/app/RequireAuth.tsx, loaded on demand (the layout's boundary shows the spinner meanwhile). */
export function RequireAuth({ children, whileRestoring }: { children: ReactNode; whileRestoring?: boolean }) {
  return <Guard whileRestoring={whileRestoring}>{children}</Guard>;
}
