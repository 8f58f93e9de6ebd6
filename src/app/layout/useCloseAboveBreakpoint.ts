import { useEffect } from "react";
import { BREAKPOINT_MD } from "../../config/paths";

/** Spec: "The header menu closes when the window is wider than 991px." */
export function useCloseAboveBreakpoint(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onResize = () => {
      if (window.innerWidth > BREAKPOINT_MD) close();
    };
    onResize();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [open, close]);
}
