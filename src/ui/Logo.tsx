import { useTranslation } from "react-i18next";
import styles from "./Logo.module.css";

/** The wordmark; the accessible name comes from the link or heading around it. */
export function Logo({ compact = false, wordClassName }: { compact?: boolean; wordClassName?: string }) {
  const { t } = useTranslation("common");
  const [first, ...rest] = t("appName").split(" ");
  return (
    <span className={styles.logo} aria-hidden="true">
      <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-accent)" />
        <path d="M7 23 15 9h10l-8 14z" fill="#fff" />
        <path d="M13 23l3-5h6l-3 5z" fill="var(--color-bg)" />
      </svg>
      {compact ? null : (
        <span className={[styles.word, wordClassName].filter(Boolean).join(" ")}>
          {first}
          {/* A space the column layout does not draw: the link's name and its visible text then agree word for word. */}{" "}
          <span className={styles.accent}>{rest.join(" ")}</span>
        </span>
      )}
    </span>
  );
}
