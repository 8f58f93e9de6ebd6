import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { RaceSelect } from "../../ui/RaceSelect";
import type { RaceChoice } from "./useRaceChoice";

/** The race select of the results screen and the race board. */
export function RacePicker({ choice }: { choice: RaceChoice }) {
  const { t } = useTranslation("results");
  const raceLabel = useRaceName();
  return (
    <RaceSelect
      races={choice.list}
      value={choice.raceId}
      onChange={choice.choose}
      label={t("picker.label")}
      optionLabel={(r) => t("picker.option", { round: r.round, name: raceLabel(r.name) })}
    />
  );
}
