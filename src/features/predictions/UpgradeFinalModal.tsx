import { useTranslation } from "react-i18next";
import { upgradeGroup } from "../../../contract/weekendRules/upgrades";
import { ModalTitle } from "../../ui/modal/ModalTitle";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";

/** UpgradeFinal: the upgrade is active. */
export default function UpgradeFinalModal({ entry, close }: ModalComponentProps<"UpgradeFinal">) {
  const { t } = useTranslation("predictions");
  const { type, category } = entry.props;
  const target = category ? t(`category.${category}`) : t(`podium.${upgradeGroup(type)}`);
  return (
    <div className={modalStyles.center}>
      <ModalTitle>
        <span className={modalStyles.text} role="status">
          {t("upgrade.done", { name: t(`upgrade.name.${type}`), target })}
        </span>
      </ModalTitle>
      <Button block onClick={close}>
        {t("common:ok")}
      </Button>
    </div>
  );
}
