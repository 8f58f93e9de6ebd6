import { useTranslation } from "react-i18next";
import { ModalTitle } from "../../modals/ModalTitle";
import type { ModalComponentProps } from "../../modals/modalTypes";
import modalStyles from "../../modals/modal.module.css";
import { Button } from "../../ui/Button";

/** UpgradeFinal: the upgrade is active. */
export default function UpgradeFinalModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation("predictions");
  const { name, target } = entry.props as { name: string; target: string };
  return (
    <div className={modalStyles.center}>
      <ModalTitle>
        <span className={modalStyles.text} role="status">
          {t("upgrade.done", { name, target })}
        </span>
      </ModalTitle>
      <Button block onClick={close}>
        {t("common:ok")}
      </Button>
    </div>
  );
}
