import { useEffect } from "react";
import { modalActor } from "../runtime/appActor";
import { modals, useProfile } from "../runtime/hooks";

/** Spec: a forced password change opens the ChangePassword modal, which cannot be dismissed. */
export function SessionEffects() {
  const mustChange = useProfile()?.mustChangePassword ?? false;
  useEffect(() => {
    if (!mustChange) return;
    const open = modalActor.getSnapshot().context.stack.some((entry) => entry.kind === "ChangePassword");
    if (!open) modals.open("ChangePassword", { forced: true }, { closeOnOutside: false, showClose: false });
  }, [mustChange]);
  return null;
}
