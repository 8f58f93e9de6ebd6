import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { isProviderReturn } from "../../contract/storePaths";
import { Spinner } from "./Spinner";
import styles from "./RouteFallback.module.css";

/**
 * Shown while a screen's code chunk or the stored session loads. Back from the payment page the wait is the
 * longest a player meets (the app starts again, the session is restored, then the payment is checked), so it says
 * what is happening instead of a bare spinner; so does a stored session waiting for a server out of reach
 * (`unreachable`, from RequireAuth: this file is in the first paint and stays out of the app runtime).
 */
export function RouteFallback({ unreachable = false }: { unreachable?: boolean }) {
  const { t, ready } = useTranslation("common", { useSuspense: false });
  const [location] = useLocation();
  const returning = isProviderReturn(location, useSearch());
  const status = unreachable ? "serverUnreachable" : returning ? "paymentReturn" : null;
  return (
    <div className={styles.fallback}>
      {status ? (
        <div className={styles.status} role="status">
          <Spinner size="lg" decorative />
          {/* Before the translations arrive, the spinner alone (never the key). */}
          {ready ? <p>{t(status)}</p> : null}
        </div>
      ) : (
        <Spinner size="lg" label={t("loadingPage")} />
      )}
    </div>
  );
}
