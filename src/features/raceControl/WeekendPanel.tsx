import { useTranslation } from "react-i18next";
import type { RaceControl } from "../../../contract/operations";
import { canConfirm } from "../../../machines/raceControl.machine";
import { dateFormat } from "../../i18n/formats";
import { Button } from "../../ui/Button";
import styles from "./raceControl.module.css";
import { sendControl } from "./useRaceControl";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" };

/** Whether the weekend's results are final, when the 72-hour rule confirms them, and the operator's confirm. */
export function WeekendPanel({ data, busy }: { data: RaceControl; busy: boolean }) {
  const { t, i18n } = useTranslation("raceControl");
  const when = dateFormat(i18n.language, WHEN);
  const status = data.canceled
    ? t("weekend.canceled")
    : data.confirmedAt
      ? t("weekend.confirmed", { time: when.format(Date.parse(data.confirmedAt)) })
      : data.confirmsAt
        ? t("weekend.provisional", { time: when.format(Date.parse(data.confirmsAt)) })
        : t("weekend.provisionalOpen");
  return (
    <section aria-labelledby="rc-weekend" className={styles.panel}>
      <h2 id="rc-weekend" className={styles.heading}>
        {t("weekend.title")}
      </h2>
      <p data-testid="weekend-status">{status}</p>
      {canConfirm(data) ? (
        <Button disabled={busy} onClick={() => sendControl({ type: "weekend.confirm" })}>
          {t("actions.confirm")}
        </Button>
      ) : null}
    </section>
  );
}
