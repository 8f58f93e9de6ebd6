import { useTranslation } from "react-i18next";
import { useRaceName } from "../i18n/raceNames";
import { picturePaths } from "../../contract/pictures";
import { navigateTo } from "../runtime/navigation";
import { paths } from "../config/paths";
import { Button } from "../ui/Button";
import { Diamond } from "../ui/Diamond";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { ModalTitle } from "../ui/modal/ModalTitle";
import styles from "../ui/modal/modal.module.css";
import own from "./NotificationWithImageModal.module.css";

/**
 * 'Rider has been Injured' (spec: NotificationWithImage, kinds predictions, bets and both): the rider's picture, what
 * became void, the diamonds given back, and a button to choose another rider where it matters.
 */
export default function NotificationWithImageModal({ entry, close }: ModalComponentProps<"NotificationWithImage">) {
  const { t } = useTranslation("bets");
  const raceLabel = useRaceName();
  const { kind, riderId, riderName, raceName, refunded } = entry.props;
  const go = (path: string) => {
    close();
    navigateTo(path);
  };
  return (
    <div className={styles.center} data-testid="injury-notice" data-kind={kind}>
      <img className={own.picture} src={picturePaths.rider(riderId)} alt={riderName} width={120} height={120} />
      <ModalTitle>{t("errors:riderInjured")}</ModalTitle>
      <p>{t(`injury.${kind}`, { rider: riderName, race: raceLabel(raceName) })}</p>
      <p className={styles.text}>
        {refunded > 0 ? (
          <>
            <Diamond /> {t("injury.refunded", { refunded })}
          </>
        ) : (
          t("injury.nothingRefunded")
        )}
      </p>
      <div className={`${styles.actions} ${own.actions}`}>
        {kind !== "bets" ? (
          <Button className={own.cta} onClick={() => go(paths.predictions)}>
            {t("injury.choosePredictions")}
          </Button>
        ) : null}
        {kind !== "predictions" ? (
          <Button
            variant={kind === "both" ? "secondary" : "primary"}
            className={kind === "both" ? undefined : own.cta}
            onClick={() => go(paths.bets)}
          >
            {t("injury.chooseBets")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
