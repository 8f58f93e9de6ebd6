import { useTranslation } from "react-i18next";
import { Button } from "../ui/Button";
import type { ModalComponentProps } from "./modalTypes";
import { ModalTitle } from "./ModalTitle";
import styles from "./modal.module.css";

export type ConfirmationProps = {
  /** Already translated text, or a key (with namespace) to translate here. */
  text?: string;
  textKey?: string;
  confirmLabel?: string;
  cancel?: boolean;
  cancelLabel?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
};

/** Spec: "text, an optional Cancel button and a confirm button with a configurable name". */
export default function ConfirmationModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation("common");
  const props = entry.props as ConfirmationProps;
  const text = props.text ?? (props.textKey ? t(props.textKey) : "");
  return (
    <div>
      <ModalTitle>
        <span className={styles.text}>{text}</span>
      </ModalTitle>
      <div className={styles.actions}>
        {props.cancel ? (
          <Button
            variant="secondary"
            onClick={() => {
              close();
              props.onCancel?.();
            }}
          >
            {props.cancelLabel ?? t("cancel")}
          </Button>
        ) : null}
        <Button
          onClick={() => {
            close();
            props.onConfirm?.();
          }}
        >
          {props.confirmLabel ?? t("ok")}
        </Button>
      </div>
    </div>
  );
}
