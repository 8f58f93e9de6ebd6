import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "../../config/paths";
import { buttonClass } from "../../ui/Button";
import trackImage from "../../assets/track.svg";
import page from "../../ui/Page.module.css";
import styles from "./NotFoundScreen.module.css";
import { numberFormat } from "../../i18n/formats";

export default function NotFoundScreen() {
  const { t, i18n } = useTranslation("pages");
  const code = numberFormat(i18n.language, { useGrouping: false }).format(404);
  return (
    <div className={`${page.page} ${styles.layout}`}>
      <div className={styles.visual}>
        <span className={styles.code} aria-hidden="true">
          {code}
        </span>
        <img className={styles.track} src={trackImage} alt={t("notFound.imageAlt")} />
      </div>
      <div>
        <h1 className={page.title}>{t("notFound.title")}</h1>
        <p className={page.lead}>{t("notFound.text")}</p>
        <div className={page.actions}>
          <Link href={paths.home} className={buttonClass({ variant: "primary", size: "md" })}>
            {t("notFound.home")}
          </Link>
          <Link href={paths.predictions} className={buttonClass({ variant: "secondary", size: "md" })}>
            {t("notFound.predictions")}
          </Link>
        </div>
      </div>
    </div>
  );
}
