import { useTranslation } from "react-i18next";
import type { RaceRider } from "../../../contract/races";
import { ModalTitle } from "../../modals/ModalTitle";
import type { ModalComponentProps } from "../../modals/modalTypes";
import { RiderBadge } from "./RiderBadge";
import styles from "./predictions.module.css";

export type ChooseRiderProps = {
  /** The category's label, already translated. */
  category: string;
  riders: RaceRider[];
  selectedId?: string;
  /** Riders who cannot be chosen here, with why (already translated): another podium place holds them. */
  blocked?: Record<string, string>;
  /** Riders whose choice swaps them with another pick (already translated note). */
  swaps?: Record<string, string>;
  onChoose(riderId: string): void;
};

/** The ChooseRider modal: every rider of the race, by number, name, team and picture; injured riders shown but not choosable. */
export default function ChooseRiderModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation("predictions");
  const props = entry.props as unknown as ChooseRiderProps;
  return (
    <div>
      <ModalTitle>{t("chooser.title", { category: props.category })}</ModalTitle>
      <ul className={styles.chooserList} aria-label={t("chooser.list", { category: props.category })}>
        {props.riders.map((rider) => {
          const selected = rider.id === props.selectedId;
          const note = !rider.available ? t("chooser.injured") : (props.blocked?.[rider.id] ?? props.swaps?.[rider.id]);
          const disabled = !rider.available || Boolean(props.blocked?.[rider.id]);
          return (
            <li key={rider.id}>
              <button
                type="button"
                className={`${styles.chooserItem} ${selected ? styles.chooserSelected : ""}`}
                aria-pressed={selected}
                disabled={disabled}
                aria-label={t("chooser.choose", { number: rider.number, name: rider.name, team: rider.team.name }) + (note ? ` (${note})` : "")}
                onClick={() => {
                  close();
                  if (!selected) props.onChoose(rider.id);
                }}
              >
                <RiderBadge rider={rider} size="sm" />
                {note ? <span className={styles.chooserNote}>{note}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
