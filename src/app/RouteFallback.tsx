import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { isProviderReturn } from "../../contract/storePaths";
import { Spinner } from "../ui/Spinner";
import styles from "./RouteFallback.module.css";

/**
 * Shown while a screen's code chunk or the stored session loads. Back from the payment page the wait is the
 * longest a player meets (the app starts again, the session is restored, then the payment is checked), so it says
 * what is happening instead of a bare spinner.
 */
export function RouteFallback() {
  const { t, ready } = useTranslation("common", { useSuspense: false });
  const [location] = useLocation();
  const returning = isProviderReturn(location, useSearch());
  return (
    <div className={styles.fallback}>
      {returning ? (
        <div className={styles.status} role="status">
          <Spinner size="lg" decorative />
          {/* Before the translations arrive, the spinner alone (never the key). */}
          {ready ? <p>{t("paymentReturn")}</p> : null}
        </div>
      ) : (
        <Spinner size="lg" label={t("loadingPage")} />
      )}
    </div>
  );
}
