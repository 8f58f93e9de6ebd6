import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ChooserRef } from "../../../machines/predictionWeekend.machine";
import { ModalTitle } from "../../ui/modal/ModalTitle";
import { RiderBadge } from "../../ui/RiderBadge";
import { RiderRoleTag } from "../../ui/RiderRoleTag";
import { useChooser, useWeekendData } from "./useWeekend";
import styles from "./predictions.module.css";

/** The ChooseRider modal, a view of the weekend's chooser: every rider of the race, taken podium places disabled, swaps named. */
export default function ChooseRiderModal() {
  const chooser = useChooser();
  return chooser ? <Chooser chooser={chooser} /> : null;
}

function Chooser({ chooser }: { chooser: ChooserRef }) {
  const { t } = useTranslation("predictions");
  const data = useWeekendData();
  const { category, selectedId, options } = useSelector(chooser, (s) => s.context.chooser);
  const label = t(`category.${category}`);
  const riders = new Map(data?.riders.map((r) => [r.id, r]));
  return (
    <div>
      <ModalTitle>{t("chooser.title", { category: label })}</ModalTitle>
      <ul className={styles.chooserList} aria-label={t("chooser.list", { category: label })}>
        {options.map(({ riderId, note, disabled }) => {
          const rider = riders.get(riderId);
          if (!rider) return null;
          const selected = riderId === selectedId;
          const noteText =
            note?.kind === "injured"
              ? t("chooser.injured")
              : note
                ? t(note.kind === "taken" ? "chooser.taken" : "chooser.swaps", {
                    category: t(`category.${note.category}`),
                  })
                : null;
          return (
            <li key={riderId}>
              <button
                type="button"
                className={`${styles.chooserItem} ${selected ? styles.chooserSelected : ""}`}
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => chooser.send({ type: "chooser.pick", riderId })}
              >
                <RiderBadge rider={rider} size="sm" />
                <RiderRoleTag role={rider.role} />
                {noteText ? <span className={styles.chooserNote}>{noteText}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
