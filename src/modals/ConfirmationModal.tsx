import { useTranslation } from "react-i18next";
import { modals } from "../runtime/hooks";
import { Button } from "../ui/Button";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { ModalTitle } from "../ui/modal/ModalTitle";
import styles from "../ui/modal/modal.module.css";

/** Spec: "text, an optional Cancel button and a confirm button with a configurable name"; each answers the opener. */
export default function ConfirmationModal({ entry }: ModalComponentProps<"Confirmation">) {
  const { t } = useTranslation("common");
  const { text, textKey, confirmLabel, cancel, title } = entry.props;
  const message = text ?? (textKey ? t(textKey) : "");
  return (
    <div>
      {title ? (
        <>
          <ModalTitle>{title}</ModalTitle>
          <p className={styles.message}>{message}</p>
        </>
      ) : (
        <ModalTitle>
          <span className={styles.text}>{message}</span>
        </ModalTitle>
      )}
      <div className={styles.actions}>
        {cancel ? (
          <Button variant="secondary" onClick={() => modals.answer(entry.id, "cancel")}>
            {t("cancel")}
          </Button>
        ) : null}
        <Button onClick={() => modals.answer(entry.id, "confirm")}>{confirmLabel ?? t("ok")}</Button>
      </div>
    </div>
  );
}
