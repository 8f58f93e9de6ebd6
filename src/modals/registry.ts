import { lazy, type ComponentType } from "react";
import type { ModalKind } from "../../contract/enums";
import type { ModalComponentProps } from "../ui/modal/modalTypes";

type ModalComponents = { [K in ModalKind]?: ComponentType<ModalComponentProps<K>> };

/** The modal kinds this release draws, each a component of its kind's props; the others join with the features that open them. */
export const modalComponents: ModalComponents = {
  SignIn: lazy(() => import("./SignInModal")),
  SignUp: lazy(() => import("./SignUpModal")),
  RecoveryPassword: lazy(() => import("./RecoveryPasswordModal")),
  ChangePassword: lazy(() => import("./ChangePasswordModal")),
  Confirmation: lazy(() => import("./ConfirmationModal")),
  Retry: lazy(() => import("./RetryModal")),
  ImageAndTitle: lazy(() => import("./ImageAndTitleModal")),
  Invite: lazy(() => import("../features/leagues/InviteModal")),
  MembersByLeague: lazy(() => import("../features/leagues/MembersByLeagueModal")),
  ChooseRider: lazy(() => import("../features/predictions/ChooseRiderModal")),
  ChangePrediction: lazy(() => import("../features/predictions/ChangePredictionModal")),
  Upgrade: lazy(() => import("../features/predictions/UpgradeModal")),
  UpgradeFinal: lazy(() => import("../features/predictions/UpgradeFinalModal")),
  BetOnRider: lazy(() => import("../features/bets/BetOnRiderModal")),
  AcrossInfo: lazy(() => import("../features/bets/AcrossInfoModal")),
  AllUserBets: lazy(() => import("../features/bets/AllUserBetsModal")),
  NotificationWithImage: lazy(() => import("./NotificationWithImageModal")),
  Processing: lazy(() => import("../features/store/ProcessingModal")),
  Prize: lazy(() => import("../features/prizes/PrizeModal")),
  ChooseAnswer: lazy(() => import("../features/bonus/ChooseAnswerModal")),
  NewsModal: lazy(() => import("../features/news/NewsModal")),
  FirstModal: lazy(() => import("../features/news/FirstModal")),
  PredictionRider: lazy(() => import("../features/predictions/PredictionRiderModal")),
};
