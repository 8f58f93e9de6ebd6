import { useTranslation } from "react-i18next";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import styles from "./news.module.css";
import { dateFormat } from "../../i18n/formats";

/** The NewsModal: one news item or guru speak show episode, its date and the link to watch it (a new tab). */
export default function NewsModal({ entry, close }: ModalComponentProps<"NewsModal">) {
  const { t, i18n } = useTranslation("news");
  const { url, title, publishedAt } = entry.props;
  const date = dateFormat(i18n.language, { dateStyle: "long" }).format(new Date(publishedAt));
  const host = new URL(url).hostname.replace(/^www\./, "");
  return (
    <div className={styles.modal}>
      <p className={styles.title}>{title}</p>
      <p className={styles.muted}>
        <time dateTime={publishedAt}>{t("published", { date })}</time>
      </p>
      <p className={styles.muted}>{t("where", { host })}</p>
      <div className={modalStyles.actions}>
        <Button variant="secondary" onClick={close}>
          {t("close")}
        </Button>
        <a className={styles.watch} href={url} target="_blank" rel="noopener noreferrer" onClick={close}>
          {t("watch")}
          <span className="visually-hidden"> ({t("newTab")})</span>
        </a>
      </div>
    </div>
  );
}
