import styles from "./ProvisionalBadge.module.css";

/**
 * "Provisional": a weekend's figures until it is confirmed (game-rules.md "Results are provisional until the weekend
 * is confirmed"). The label and its explanation come translated from the screen that shows it.
 */
export function ProvisionalBadge({ label, hint }: { label: string; hint: string }) {
  return (
    <p className={styles.provisional} data-testid="provisional">
      <span className={styles.badge}>{label}</span>
      <span className={styles.hint}>{hint}</span>
    </p>
  );
}
