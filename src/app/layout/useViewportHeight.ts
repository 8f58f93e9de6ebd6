import { useEffect } from "react";
import { BREAKPOINT_SM } from "../../config/paths";

/**
 * Spec: "On screens of 575px or less, a viewport-height variable is set to 1% of the window height."
 * Mobile browsers' 100vh includes the collapsing address bar; `--vh` follows the real inner height.
 */
export function useViewportHeight() {
  useEffect(() => {
    const apply = () => {
      const root = document.documentElement.style;
      if (window.innerWidth <= BREAKPOINT_SM) root.setProperty("--vh", `${window.innerHeight * 0.01}px`);
      else root.removeProperty("--vh");
    };
    apply();
    window.addEventListener("resize", apply);
    return () => window.removeEventListener("resize", apply);
  }, []);
}
