import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { raceKeys } from "../../api/queryKeys";
import { getRacesDropdown } from "../../api/races";
import { defaultRaceId } from "./results";

/** The race dropdown and the race chosen in it (until the player picks, the latest race the server says has started). */
export function useRaceChoice() {
  const races = useQuery({ queryKey: raceKeys.dropdown, queryFn: ({ signal }) => getRacesDropdown(signal) });
  const [chosen, setChosen] = useState<string | null>(null);
  const list = races.data ?? [];
  const raceId = chosen ?? defaultRaceId(list);
  return { races, list, raceId, race: list.find((r) => r.id === raceId), choose: setChosen };
}

export type RaceChoice = ReturnType<typeof useRaceChoice>;
