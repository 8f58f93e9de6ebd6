import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useProfile } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { LeaguesHeading } from "./LeaguesLayout";
import styles from "./leagues.module.css";

const tabs = [
  { key: "join", path: paths.leagues },
  { key: "create", path: paths.createLeague },
  { key: "manage", path: paths.manageLeague },
] as const;

/** Spec: "League tabs: join league, create league, manage league. The manage tab shows only when the profile is 'ready'." */
export function LeaguesTabs() {
  const { t } = useTranslation("leagues");
  const [location] = useLocation();
  const ready = useProfile() !== null;
  return (
    <nav aria-label={t("tabs.label")} className={styles.tabs}>
      {tabs
        .filter((tab) => tab.key !== "manage" || ready)
        .map((tab) => {
          const current = location === tab.path;
          return (
            <Link
              key={tab.key}
              href={tab.path}
              className={`${styles.tab} ${current ? styles.tabCurrent : ""}`}
              aria-current={current ? "page" : undefined}
            >
              {t(`tabs.${tab.key}`)}
            </Link>
          );
        })}
    </nav>
  );
}

/** Title, lead and the league tabs: the top of the three tab screens. */
export function LeaguesHeader({ title, lead }: { title: string; lead?: string }) {
  return (
    <LeaguesHeading title={title} lead={lead}>
      <LeaguesTabs />
    </LeaguesHeading>
  );
}
