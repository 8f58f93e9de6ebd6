import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import styles from "./staff.module.css";

type Query = { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };

/** A staff report's headline: a spinner while its first answer loads, an error with "Try again", else the total. */
export function QuerySummary({
  id,
  title,
  query,
  loading,
  error,
  children,
}: {
  id: string;
  title: string;
  query: Query;
  loading: string;
  error: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("staff");
  return (
    <section aria-labelledby={id} aria-busy={query.isFetching} className={styles.section}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {query.isPending ? (
        <Spinner label={loading} />
      ) : query.isError ? (
        <div role="alert" className={styles.error}>
          <p>{error}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        children
      )}
    </section>
  );
}
