import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { seasonBoardQuery } from "../../api/results";
import { useProfile } from "../../app/hooks";
import { BoardView } from "./BoardView";

/** The current season's board, page by page. */
export function SeasonBoard() {
  const { t } = useTranslation("leaderboards");
  const viewer = useProfile()?.id ?? "";
  const [pageNumber, setPageNumber] = useState(1);
  const board = useQuery({ ...seasonBoardQuery(viewer, pageNumber), placeholderData: keepPreviousData });
  return <BoardView query={board} onPage={setPageNumber} caption={t("season.caption")} empty={t("season.empty")} showRaces />;
}
