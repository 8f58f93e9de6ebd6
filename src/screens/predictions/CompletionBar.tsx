import { useTranslation } from "react-i18next";
import styles from "./predictions.module.css";

/** n of 11 saved, and the completion reward: to earn, or earned. */
export function CompletionBar({
  done,
  total,
  reward,
  complete,
}: {
  done: number;
  total: number;
  reward: number;
  complete: boolean;
}) {
  const { t } = useTranslation("predictions");
  return (
    <section className={styles.completion} aria-labelledby="completion-label">
      <div className={styles.completionHead}>
        <span id="completion-label" className={styles.completionLabel}>
          {t("completion.label", { done, total })}
        </span>
        <span className={complete ? styles.bonusEarned : styles.bonus}>
          {complete ? t("completion.earned", { reward }) : t("completion.toEarn", { reward, total })}
        </span>
      </div>
      <progress className={styles.progress} value={done} max={total} aria-labelledby="completion-label" />
    </section>
  );
}
