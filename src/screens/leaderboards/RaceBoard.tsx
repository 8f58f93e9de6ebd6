import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import type { RaceOption } from "../../../contract/races";
import { useRaceBoard } from "../../api/results";
import { useProfile } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { RacePicker } from "../../features/races/RacePicker";
import { useRaceChoice } from "../../features/races/useRaceChoice";
import { BoardView } from "./BoardView";

/** One race weekend's board: the race picker (opening on the latest started race) and its pages. */
export function RaceBoard() {
  const { t } = useTranslation("leaderboards");
  const choice = useRaceChoice();
  if (choice.races.isPending) return <Spinner label={t("loadingRaces")} />;
  if (choice.races.isError) {
    return (
      <EmptyState
        title={t("racesError")}
        action={<Button onClick={() => void choice.races.refetch()}>{t("errors:tryAgain")}</Button>}
      />
    );
  }
  if (!choice.race) return <EmptyState title={t("noRaces")} />;
  return (
    <>
      <RacePicker choice={choice} />
      <RaceBoardPages key={choice.race.id} race={choice.race} />
    </>
  );
}

function RaceBoardPages({ race }: { race: RaceOption }) {
  const { t } = useTranslation("leaderboards");
  const raceLabel = useRaceName();
  const viewer = useProfile()?.id ?? "";
  const [pageNumber, setPageNumber] = useState(1);
  const board = useRaceBoard(viewer, race.id, pageNumber);
  return (
    <BoardView
      query={board}
      onPage={setPageNumber}
      caption={t("race.caption", { race: raceLabel(race.name) })}
      empty={t("race.empty")}
      showRaces={false}
    />
  );
}
