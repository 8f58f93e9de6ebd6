import { lazy } from "react";
import type { ModalComponents } from "../../ui/modal/modalTypes";

/** The modals this feature draws, by kind, each loaded when first opened (src/app/modalRegistry.ts gathers them). */
export const newsModals: ModalComponents = {
  NewsModal: lazy(() => import("./NewsModal")),
  FirstModal: lazy(() => import("./FirstModal")),
};
