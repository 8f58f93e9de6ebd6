import { useTranslation } from "react-i18next";
import { Spinner } from "../ui/Spinner";
import styles from "./RouteFallback.module.css";

/** Shown while a screen's code chunk or the stored session loads. */
export function RouteFallback() {
  const { t } = useTranslation("common", { useSuspense: false });
  return (
    <div className={styles.fallback}>
      <Spinner size="lg" label={t("loadingPage")} />
    </div>
  );
}
