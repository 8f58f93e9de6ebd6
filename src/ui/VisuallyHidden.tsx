import type { ReactNode } from "react";

/**
 * Text for screen readers only. A control's visible label stays the start of its accessible name (WCAG 2.5.3,
 * axe's label-content-name-mismatch) and this adds what the eye takes from the layout, e.g. the card it sits in:
 * `<Button>Choose rider<VisuallyHidden context>Race winner</VisuallyHidden></Button>` reads "Choose rider (Race winner)"
 * (a space, then brackets: a browser may add its own space before an absolutely placed span, so a comma could stray).
 */
export function VisuallyHidden({ children, context = false }: { children: ReactNode; context?: boolean }) {
  return (
    <>
      {context ? " " : null}
      <span className="visually-hidden">
        {context ? "(" : null}
        {children}
        {context ? ")" : null}
      </span>
    </>
  );
}
