import { useTranslation } from "react-i18next";
import type { ResultPreview } from "../../../contract/operations";
import type { EntryMode } from "../../../machines/classificationEntry.machine";
import { numberFormat } from "../../i18n/formats";
import styles from "./raceControl.module.css";

/** What an entry would do, before anything is committed: the server's ResultPreview, figure by figure. */
export function PreviewFigures({ preview, mode }: { preview: ResultPreview; mode: EntryMode }) {
  const { t, i18n } = useTranslation("raceControl");
  const n = numberFormat(i18n.language);
  const points = numberFormat(i18n.language, { signDisplay: mode === "correct" ? "exceptZero" : "auto" });
  const rows: [string, string][] = [
    [
      t("preview.picks"),
      t("preview.picksValue", { picks: n.format(preview.picks), players: n.format(preview.players) }),
    ],
    [t(mode === "correct" ? "preview.pointsNet" : "preview.points"), points.format(preview.points)],
    [t("preview.moved"), n.format(preview.moved)],
    [
      t("preview.bets"),
      t("preview.betsValue", {
        bets: n.format(preview.bets),
        won: n.format(preview.betsWon),
        payout: n.format(preview.payout),
      }),
    ],
    [t("preview.refunded"), n.format(preview.refunded)],
    [t("preview.questions"), n.format(preview.questions)],
  ];
  return (
    <section aria-labelledby="rc-preview" className={styles.preview} data-testid="result-preview">
      <h3 id="rc-preview" className={styles.subheading}>
        {t("preview.title")}
      </h3>
      <p>{t("preview.lead")}</p>
      <dl className={styles.figures}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
