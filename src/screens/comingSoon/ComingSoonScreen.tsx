import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useIsSignedIn } from "../../app/hooks";
import { paths, type ScreenName } from "../../app/paths";
import { buttonClass } from "../../ui/Button";
import helmetImage from "../../assets/helmet.svg";
import page from "../../ui/Page.module.css";
import styles from "./ComingSoonScreen.module.css";

/** Screens with their own "what this will offer" text; any other name gets the general one. */
const described: ReadonlySet<ScreenName> = new Set<ScreenName>([
  "leagues",
  "createLeague",
  "manageLeague",
  "leagueById",
  "allLeagues",
  "leagueStatistic",
  "bonusQuestions",
  "bonusAll",
  "bonusAnswered",
  "predictions",
  "bets",
  "ridersAndTeams",
  "leaderboards",
  "rider",
  "riderById",
  "results",
  "prizes",
  "shop",
]);

/** An honest placeholder for a part of the game a later release builds: what it will offer, no made-up data. */
export default function ComingSoonScreen({ screen }: { screen: ScreenName }) {
  const { t } = useTranslation("pages");
  const signedIn = useIsSignedIn();
  const title = described.has(screen) ? t(`comingSoon.${screen}Title`) : t("comingSoon.fallbackTitle");
  const text = described.has(screen) ? t(`comingSoon.${screen}Text`) : t("comingSoon.fallbackText");
  return (
    <div className={`${page.page} ${styles.layout}`}>
      <div className={styles.card}>
        <p className={styles.badge}>{t("comingSoon.badge")}</p>
        <h1 className={page.title}>{title}</h1>
        <p className={styles.text}>{text}</p>
        <p className={page.lead}>{t("comingSoon.opensSoon")}</p>
        <div className={page.actions}>
          <Link href={paths.faq} className={buttonClass({ variant: "primary" })}>
            {t("comingSoon.faq")}
          </Link>
          {signedIn ? (
            <Link href={paths.profile} className={buttonClass({ variant: "secondary" })}>
              {t("comingSoon.profile")}
            </Link>
          ) : (
            <Link href={paths.home} className={buttonClass({ variant: "secondary" })}>
              {t("comingSoon.home")}
            </Link>
          )}
        </div>
      </div>
      <img className={styles.art} src={helmetImage} alt="" aria-hidden="true" />
    </div>
  );
}
