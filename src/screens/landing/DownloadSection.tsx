import { useTranslation } from "react-i18next";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { useLinks } from "../../api/system";
import appleIcon from "../../assets/apple.svg";
import playIcon from "../../assets/play.svg";
import phoneImage from "../../assets/phone.svg";
import section from "./Section.module.css";
import styles from "./DownloadSection.module.css";

/** Both store links, from GET /system/links. */
export function DownloadSection() {
  const { t } = useTranslation("landing");
  const links = useLinks();
  const stores = links.data
    ? [
        { key: "appStore", href: links.data.appStore, icon: appleIcon },
        { key: "googlePlay", href: links.data.googlePlay, icon: playIcon },
      ]
    : [];
  return (
    <section id="download" className={section.section} aria-labelledby="download-title">
      <div className={section.container}>
        <div className={styles.panel}>
          <div className={styles.copy}>
            <h2 id="download-title" className={section.title}>
              {t("download.title")}
            </h2>
            <p className={styles.text}>{t("download.text")}</p>
            {links.isPending ? <Spinner label={t("download.loading")} /> : null}
            {links.isError ? <EmptyState title={t("download.error")} /> : null}
            <div className={styles.badges}>
              {stores.map((store) => (
                <a key={store.key} className={styles.badge} href={store.href} target="_blank" rel="noopener noreferrer">
                  <img src={store.icon} alt="" width={26} height={26} />
                  <span>{t(`download.${store.key}`)}</span>
                  <span className="visually-hidden"> ({t("media.newTab")})</span>
                </a>
              ))}
            </div>
          </div>
          <img className={styles.phone} src={phoneImage} alt="" aria-hidden="true" />
        </div>
      </div>
    </section>
  );
}
