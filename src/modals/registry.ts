import { lazy } from "react";
import type { ModalComponents } from "../ui/modal/modalTypes";

/** The account and notice modals, by kind, each loaded when first opened (src/app/modalRegistry.ts gathers them with the features'). */
export const accountModals: ModalComponents = {
  SignIn: lazy(() => import("./SignInModal")),
  SignUp: lazy(() => import("./SignUpModal")),
  RecoveryPassword: lazy(() => import("./RecoveryPasswordModal")),
  ChangePassword: lazy(() => import("./ChangePasswordModal")),
  Confirmation: lazy(() => import("./ConfirmationModal")),
  Retry: lazy(() => import("./RetryModal")),
  ImageAndTitle: lazy(() => import("./ImageAndTitleModal")),
  NotificationWithImage: lazy(() => import("./NotificationWithImageModal")),
};
