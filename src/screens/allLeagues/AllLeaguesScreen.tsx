import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useLeagueSearch } from "../../api/leagues";
import { paths } from "../../config/paths";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { useCountries } from "../../api/system";
import { LeagueCards } from "../../features/leagues/LeagueCard";
import { useLeagueLive } from "../../features/leagues/useLeagueLive";
import { LeaguesHeading, LeaguesPage } from "../../features/leagues/LeaguesLayout";
import styles from "./AllLeaguesScreen.module.css";

/** /leagues/all-leagues: every league, searched by name and filtered by country, 20 at a time. */
export default function AllLeaguesScreen() {
  const { t } = useTranslation("leagues");
  const countries = useCountries();
  useLeagueLive();
  const searchId = useId();
  const countryId = useId();
  const [typed, setTyped] = useState("");
  const [text, setText] = useState("");
  const [country, setCountry] = useState("");

  // Typing searches after a short pause; Enter searches at once.
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), 350);
    return () => clearTimeout(timer);
  }, [typed]);

  const list = useLeagueSearch(text, country);
  const leagues = list.data?.pages.flatMap((p) => p.data) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setText(typed.trim());
  }

  return (
    <LeaguesPage>
      <LeaguesHeading
        title={t("all.title")}
        lead={t("all.lead")}
        above={
          <Link href={paths.leagues} className={styles.back}>
            {t("all.back")}
          </Link>
        }
      />
      <form role="search" className={styles.filters} onSubmit={submit} aria-label={t("all.filters")}>
        <div className={styles.field}>
          <label htmlFor={searchId} className={styles.label}>
            {t("all.search")}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.input}
            value={typed}
            placeholder={t("all.searchPlaceholder")}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={countryId} className={styles.label}>
            {t("all.country")}
          </label>
          <select
            id={countryId}
            className={styles.input}
            value={country}
            onChange={(event) => setCountry(event.target.value)}
          >
            <option value="">{t("all.anyCountry")}</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.sign} {c.name}
              </option>
            ))}
          </select>
        </div>
      </form>
      <section className={styles.found} aria-labelledby="all-results" aria-busy={list.isFetching || undefined}>
        <h2 id="all-results" className={styles.results} aria-live="polite">
          {list.isSuccess ? t("all.found", { total: count }) : t("loading")}
        </h2>
        {list.isPending ? <Spinner size="lg" label={t("loading")} /> : null}
        {list.isError ? (
          <EmptyState
            title={t("loadError")}
            action={<Button onClick={() => void list.refetch()}>{t("retry")}</Button>}
          />
        ) : null}
        {list.isSuccess && leagues.length === 0 ? (
          <EmptyState title={t("errors:listEmpty")} text={t("all.noMatch")} />
        ) : null}
        {leagues.length > 0 ? <LeagueCards leagues={leagues} /> : null}
        {list.hasNextPage ? (
          <div className={styles.more}>
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t("all.loadMore")}
            </Button>
          </div>
        ) : null}
      </section>
    </LeaguesPage>
  );
}
