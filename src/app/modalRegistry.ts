import type { ModalComponents } from "../ui/modal/modalTypes";
import { accountModals } from "../modals/registry";
import { leagueModals } from "../features/leagues/modals";
import { predictionModals } from "../features/predictions/modals";
import { betModals } from "../features/bets/modals";
import { storeModals } from "../features/store/modals";
import { prizeModals } from "../features/prizes/modals";
import { bonusModals } from "../features/bonus/modals";
import { newsModals } from "../features/news/modals";

/** Every modal kind this release draws: the account modals and each feature's own. */
export const modalComponents: ModalComponents = {
  ...accountModals,
  ...leagueModals,
  ...predictionModals,
  ...betModals,
  ...storeModals,
  ...prizeModals,
  ...bonusModals,
  ...newsModals,
};
