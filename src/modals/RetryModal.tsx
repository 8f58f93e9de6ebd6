import { useTranslation } from "react-i18next";
import { modals } from "../runtime/hooks";
import { Button } from "../ui/Button";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { ModalTitle } from "../ui/modal/ModalTitle";
import styles from "../ui/modal/modal.module.css";

/** Spec: "Retry modal with 'Try Again'"; it shows the server's message when there is one. */
export default function RetryModal({ entry }: ModalComponentProps<"Retry">) {
  const { t } = useTranslation("errors");
  const text = entry.props.text ?? t("somethingWentWrong");
  return (
    <div className={styles.center}>
      <ModalTitle>
        <span className={styles.text}>{text}</span>
      </ModalTitle>
      <Button block onClick={() => modals.answer(entry.id, "retry")}>
        {t("tryAgain")}
      </Button>
    </div>
  );
}
