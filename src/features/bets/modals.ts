import { lazy } from "react";
import type { ModalComponents } from "../../ui/modal/modalTypes";

/** The modals this feature draws, by kind, each loaded when first opened (src/app/modalRegistry.ts gathers them). */
export const betModals: ModalComponents = {
  BetOnRider: lazy(() => import("./BetOnRiderModal")),
  AcrossInfo: lazy(() => import("./AcrossInfoModal")),
  AllUserBets: lazy(() => import("./AllUserBetsModal")),
};
