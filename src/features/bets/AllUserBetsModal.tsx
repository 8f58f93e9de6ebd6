import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { useRaceBets } from "../../api/bets";
import { useProfile } from "../../runtime/hooks";
import { ModalTitle } from "../../ui/modal/ModalTitle";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { BetList } from "./BetList";
import styles from "./bets.module.css";

/** The AllUserBets modal: every bet of the player on the race, with stake, odds, status and payout, kept live by the cache. */
export default function AllUserBetsModal({ entry, close }: ModalComponentProps<"AllUserBets">) {
  const { t } = useTranslation("bets");
  const raceLabel = useRaceName();
  const me = useProfile();
  const bets = useRaceBets(me?.id, entry.props.raceId);
  let body;
  if (bets.isPending) body = <Spinner label={t("loading")} />;
  else if (bets.isError)
    body = (
      <p className={modalStyles.alert} role="alert">
        {t("loadError")}
      </p>
    );
  else body = <BetList bets={bets.data.bets} riders={bets.data.riders} label={t("mine.title")} />;
  return (
    <div className={styles.betModal} data-testid="all-user-bets">
      <ModalTitle>
        {bets.data ? t("mine.titleRace", { race: raceLabel(bets.data.raceName) }) : t("mine.title")}
      </ModalTitle>
      {body}
      <div className={modalStyles.actions}>
        <Button className={styles.cta} onClick={close}>
          {t("common:ok")}
        </Button>
      </div>
    </div>
  );
}
