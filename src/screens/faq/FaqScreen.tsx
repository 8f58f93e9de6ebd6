import { useTranslation } from "react-i18next";
import { useLinks } from "../../api/system";
import { buttonClass } from "../../ui/Button";
import { isInternalHref, SiteLink } from "../../ui/SiteLink";
import { FaqAccordion } from "./FaqAccordion";
import styles from "./FaqScreen.module.css";

export default function FaqScreen() {
  const { t } = useTranslation("faq");
  const links = useLinks().data;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t("title")}</h1>
        <p className={styles.lead}>{t("lead")}</p>
      </header>
      <FaqAccordion />
      <aside className={styles.help} aria-labelledby="faq-help">
        <div>
          <h2 id="faq-help" className={styles.helpTitle}>
            {t("helpTitle")}
          </h2>
          <p className={styles.helpText}>{t("helpText")}</p>
        </div>
        {/* When the help centre is this page (the default), "still a question" leads to Contact; an external help centre opens in a new tab. */}
        {links && isInternalHref(links.helpCentre) ? (
          <SiteLink className={buttonClass({ variant: "primary" })} href={links.contact}>
            {t("common:footer.contact")}
          </SiteLink>
        ) : links ? (
          <a
            className={buttonClass({ variant: "primary" })}
            href={links.helpCentre}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("helpLink")}
            <span className="visually-hidden"> ({t("newTab")})</span>
          </a>
        ) : null}
      </aside>
    </div>
  );
}
