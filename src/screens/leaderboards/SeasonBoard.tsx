import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSeasonBoard } from "../../api/results";
import { useProfile } from "../../runtime/hooks";
import { BoardView } from "./BoardView";

/** The current season's board, page by page. */
export function SeasonBoard() {
  const { t } = useTranslation("leaderboards");
  const viewer = useProfile()?.id ?? "";
  const [pageNumber, setPageNumber] = useState(1);
  const board = useSeasonBoard(viewer, pageNumber);
  return (
    <BoardView query={board} onPage={setPageNumber} caption={t("season.caption")} empty={t("season.empty")} showRaces />
  );
}
