import { useTranslation } from "react-i18next";
import styles from "./Spinner.module.css";

export type SpinnerProps = {
  size?: "sm" | "md" | "lg";
  /** Accessible name; defaults to the translated "Loading…". */
  label?: string;
  /** Inside a control that already says it is busy. */
  decorative?: boolean;
};

export function Spinner({ size = "md", label, decorative = false }: SpinnerProps) {
  // Never suspends: spinners are what Suspense shows while translations load.
  const { t } = useTranslation("common", { useSuspense: false });
  if (decorative) return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
  return (
    <span role="status" className={styles.wrap}>
      <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t("loading")}</span>
    </span>
  );
}
