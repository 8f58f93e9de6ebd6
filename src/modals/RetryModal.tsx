import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import type { ModalComponentProps } from "./modalTypes";
import { ModalTitle } from "./ModalTitle";
import styles from "./modal.module.css";

/** Spec: "Retry modal with 'Try Again'"; it shows the server's message when there is one. */
export default function RetryModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation("errors");
  const text = typeof entry.props.text === "string" ? entry.props.text : t("somethingWentWrong");
  const onRetry = entry.props.onRetry as (() => void) | undefined;
  return (
    <div className={styles.center}>
      <ModalTitle>
        <span className={styles.text}>{text}</span>
      </ModalTitle>
      <Button
        block
        onClick={() => {
          close();
          onRetry?.();
        }}
      >
        {t("tryAgain")}
      </Button>
    </div>
  );
}
