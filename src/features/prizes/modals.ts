import { lazy } from "react";
import type { ModalComponents } from "../../ui/modal/modalTypes";

/** The modals this feature draws, by kind, each loaded when first opened (src/app/modalRegistry.ts gathers them). */
export const prizeModals: ModalComponents = {
  Prize: lazy(() => import("./PrizeModal")),
};
