import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import type { Race } from "../../../contract/races";
import { GAME_CLASS } from "../../../contract/rules";
import { useRacePrediction } from "../../api/predictions";
import { useRaceRiders } from "../../api/races";
import { useWeekendOpen } from "../../features/predictions/useWeekend";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { SessionTimeline } from "./SessionTimeline";
import { WeekendBoard } from "./WeekendBoard";
import styles from "./predictions.module.css";

/** One race weekend: opens it on the weekend actor, shows loading, failure or no riders, else the board. */
export function RaceWeekend({ race, userId }: { race: Race; userId: string }) {
  const { t } = useTranslation("predictions");
  useWeekendOpen(userId, race.id);
  const prediction = useRacePrediction(userId, race.id);
  const riders = useRaceRiders(race.id, GAME_CLASS);
  // The board is the screen's largest render. Once its data is in it joins in a transition (React yields
  // between its slices) rather than inside the update that brought the data, which would block the page meanwhile.
  const loaded = useDeferredValue(!prediction.isPending && !riders.isPending, false);

  if (prediction.isPending || riders.isPending || !loaded) {
    return (
      <div className={styles.loading}>
        <Spinner size="lg" label={t("loading")} />
      </div>
    );
  }
  if (prediction.isError || riders.isError) {
    return (
      <EmptyState
        title={t("loadError")}
        action={
          <Button
            onClick={() => {
              void prediction.refetch();
              void riders.refetch();
            }}
          >
            {t("errors:tryAgain")}
          </Button>
        }
      />
    );
  }
  if (!riders.data.riders.some((r) => r.available)) {
    return (
      <>
        <SessionTimeline sessions={race.sessions} circuitZone={race.tracks[0]?.timeZone} />
        <EmptyState title={t("errors:noRidersForPrediction")} />
      </>
    );
  }
  return <WeekendBoard race={race} />;
}
