import { lazy } from "react";
import type { ModalComponents } from "../../ui/modal/modalTypes";

/** The modals this feature draws, by kind, each loaded when first opened (src/app/modalRegistry.ts gathers them). */
export const predictionModals: ModalComponents = {
  ChooseRider: lazy(() => import("./ChooseRiderModal")),
  ChangePrediction: lazy(() => import("./ChangePredictionModal")),
  Upgrade: lazy(() => import("./UpgradeModal")),
  UpgradeFinal: lazy(() => import("./UpgradeFinalModal")),
  PredictionRider: lazy(() => import("./PredictionRiderModal")),
};
