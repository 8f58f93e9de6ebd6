import { useTranslation } from "react-i18next";
import type { ModalPropsByKind } from "../../../machines/modalProps";
import { useNewsPageNext } from "../../api/news";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import styles from "./news.module.css";

/**
 * The modal host lives in the app's runtime, which a guest's landing loads at the first interaction: the
 * click reaches it then, so the landing's news block does not evaluate the session's actors while the page loads.
 */
function openEpisode(props: ModalPropsByKind["NewsModal"], title: string) {
  void import("../../runtime/hooks").then(({ modals }) => modals.open("NewsModal", props, { title }));
}

/** The latest guru speak show episode for the page's language (GET /system/news-page/next?langCode), opened in the NewsModal. */
export function GuruSpeakShow() {
  const { t, i18n } = useTranslation("news");
  const show = useNewsPageNext(i18n.language);
  return (
    <div className={styles.show} aria-live="polite">
      {show.isPending ? <Spinner label={t("loading")} /> : null}
      {show.isError ? <p className={styles.muted}>{t("error")}</p> : null}
      {show.data === null ? <p className={styles.muted}>{t("noShow")}</p> : null}
      {show.data ? (
        <>
          <p className={styles.latest}>{t("latest")}</p>
          <p className={styles.title}>{show.data.title}</p>
          <Button
            className={styles.cta}
            onClick={() =>
              openEpisode(
                { url: show.data!.url, title: show.data!.title, publishedAt: show.data!.publishedAt },
                t("modalTitle"),
              )
            }
          >
            {t("open")}
          </Button>
        </>
      ) : null}
    </div>
  );
}
