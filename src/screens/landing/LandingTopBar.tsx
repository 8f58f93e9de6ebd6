import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../config/paths";
import { LanguagePicker } from "../../ui/LanguagePicker";
import { Button } from "../../ui/Button";
import { Logo } from "../../ui/Logo";
import { usePlayNow } from "./usePlayNow";
import styles from "./LandingTopBar.module.css";

export function LandingTopBar() {
  const { t } = useTranslation("landing");
  const playNow = usePlayNow();
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Link href={paths.home} className={styles.brand} aria-label={t("topBar.homeLabel")}>
          <span className={styles.wide}>
            <Logo />
          </span>
          <span className={styles.narrow}>
            <Logo compact />
          </span>
        </Link>
        <div className={styles.actions}>
          <LanguagePicker />
          <Button size="sm" className={styles.play} onClick={playNow}>
            {t("topBar.playNow")}
          </Button>
        </div>
      </div>
    </header>
  );
}
