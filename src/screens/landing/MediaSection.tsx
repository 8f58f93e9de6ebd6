import { useTranslation } from "react-i18next";
import { useNews } from "../../api/system";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { SectionHeading } from "./SectionHeading";
import playIcon from "../../assets/play.svg";
import section from "./Section.module.css";
import styles from "./MediaSection.module.css";
import { dateFormat } from "../../i18n/formats";

const NEWS_ON_LANDING = 3;

/** Media cards: the newest videos from GET /system/news. */
export function MediaSection() {
  const { t, i18n } = useTranslation("landing");
  const news = useNews(NEWS_ON_LANDING);
  const date = dateFormat(i18n.language, { day: "numeric", month: "short" });
  return (
    <section id="media" className={section.section} aria-labelledby="media-title">
      <div className={section.container}>
        <SectionHeading id="media-title" title={t("media.title")} lead={t("media.lead")} />
        {news.isPending ? <Spinner size="lg" label={t("media.loading")} /> : null}
        {news.isError ? <EmptyState title={t("media.error")} /> : null}
        {news.data && news.data.length === 0 ? <EmptyState title={t("media.empty")} /> : null}
        {news.data && news.data.length > 0 ? (
          <ul className={styles.cards}>
            {news.data.map((item) => (
              <li key={item.id}>
                <a className={styles.card} href={item.url} target="_blank" rel="noopener noreferrer">
                  <span className={styles.thumb} aria-hidden="true">
                    <span className={styles.play}>
                      <img src={playIcon} alt="" width={22} height={22} />
                    </span>
                  </span>
                  <span className={styles.body}>
                    <time className={styles.date} dateTime={item.publishedAt}>
                      {date.format(new Date(item.publishedAt))}
                    </time>
                    <span className={styles.title}>{item.title}</span>
                    <span className={styles.watch}>
                      {t("media.watch")}
                      <span className="visually-hidden"> ({t("media.newTab")})</span>
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
