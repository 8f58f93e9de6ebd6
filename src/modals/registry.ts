import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { ModalKind } from "../../contract/enums";
import type { ModalComponentProps } from "./modalTypes";

type ModalComponent = LazyExoticComponent<ComponentType<ModalComponentProps>>;

/** The modal kinds this release draws; the others join with the features that open them. */
export const modalComponents: Partial<Record<ModalKind, ModalComponent>> = {
  SignIn: lazy(() => import("./SignInModal")),
  SignUp: lazy(() => import("./SignUpModal")),
  RecoveryPassword: lazy(() => import("./RecoveryPasswordModal")),
  ChangePassword: lazy(() => import("./ChangePasswordModal")),
  Confirmation: lazy(() => import("./ConfirmationModal")),
  Retry: lazy(() => import("./RetryModal")),
  ImageAndTitle: lazy(() => import("./ImageAndTitleModal")),
  Invite: lazy(() => import("../screens/leagueById/InviteModal")),
  MembersByLeague: lazy(() => import("../screens/leagueById/MembersByLeagueModal")),
  ChooseRider: lazy(() => import("../screens/predictions/ChooseRiderModal")),
  ChangePrediction: lazy(() => import("../screens/predictions/ChangePredictionModal")),
  Upgrade: lazy(() => import("../screens/predictions/UpgradeModal")),
  UpgradeFinal: lazy(() => import("../screens/predictions/UpgradeFinalModal")),
};
