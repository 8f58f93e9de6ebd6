import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { useLocation } from "wouter";
import { COMPLETION_REWARD_DIAMONDS, PREDICTIONS_PER_WEEKEND } from "../../../contract/rules";
import { useNextRace } from "../../api/races";
import { paths } from "../../config/paths";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import styles from "./news.module.css";
import { LocalTime, TimeInText } from "../../ui/LocalTime";

/** The FirstModal: a first-time player's welcome after confirming: how a weekend works, the next deadline, one button to Predictions. */
export default function FirstModal({ close }: ModalComponentProps<"FirstModal">) {
  const { t } = useTranslation("news");
  const raceLabel = useRaceName();
  const [, navigate] = useLocation();
  const next = useNextRace();
  const race = next.data?.[0];
  const fp1 = race?.sessions.find((s) => s.type === "FP1");
  // The time zone is named: a player abroad, or one whose device clock's zone is not the circuit's, reads the right
  // hour, and a press shows the circuit's and UTC.
  return (
    <div className={styles.modal}>
      <ol className={styles.steps}>
        <li>{t("first.picks", { picks: PREDICTIONS_PER_WEEKEND })}</li>
        <li>{t("first.lock")}</li>
        <li>{t("first.reward", { diamonds: COMPLETION_REWARD_DIAMONDS })}</li>
      </ol>
      {next.isPending ? <Spinner label={t("first.loading")} /> : null}
      {race && fp1 ? (
        <p className={styles.title} data-testid="first-deadline">
          <TimeInText
            text={(when) => t("first.deadline", { race: raceLabel(race.name), when })}
            time={<LocalTime at={fp1.startsAt} circuitZone={race.tracks[0]?.timeZone} />}
          />
        </p>
      ) : null}
      {next.isSuccess && !race ? <p className={styles.muted}>{t("first.noRace")}</p> : null}
      {next.isError ? <p className={styles.muted}>{t("error")}</p> : null}
      <div className={modalStyles.actions}>
        <Button
          className={styles.cta}
          onClick={() => {
            close();
            navigate(paths.predictions);
          }}
        >
          {t("first.go")}
        </Button>
      </div>
    </div>
  );
}
