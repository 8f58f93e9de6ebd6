import { useState } from "react";
import { useRacesDropdown } from "../../api/races";
import { defaultResultsRaceId } from "../../../contract/raceRules";

/** The race dropdown and the race chosen in it (until the player picks, the latest race the server says has started). */
export function useRaceChoice() {
  const races = useRacesDropdown();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = races.data ?? [];
  const raceId = chosen ?? defaultResultsRaceId(list);
  return { races, list, raceId, race: list.find((r) => r.id === raceId), choose: setChosen };
}

export type RaceChoice = ReturnType<typeof useRaceChoice>;
