import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import type { Race } from "../../../contract/races";
import { isBettable } from "../../../contract/betRules";
import { useRaceBets } from "../../api/bets";
import { BetList } from "../../features/bets/BetList";
import { useBetsOpen } from "../../features/bets/useBets";
import styles from "./bets.module.css";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { BetsStatus } from "./BetsStatus";
import { RaceResult } from "./RaceResult";
import { RiderOddsGrid } from "./RiderOddsGrid";

/** One race's bets: opens it on the bets actor, shows loading, failure or no riders, else the deadline, the odds and the player's bets. */
export function RaceBetsBoard({ race, userId }: { race: Race; userId: string }) {
  const { t } = useTranslation("bets");
  const raceLabel = useRaceName();
  useBetsOpen(userId, race.id);
  const bets = useRaceBets(userId, race.id);

  if (bets.isPending) return <Spinner size="lg" label={t("loading")} />;
  if (bets.isError)
    return (
      <EmptyState
        title={t("loadError")}
        action={<Button onClick={() => void bets.refetch()}>{t("errors:tryAgain")}</Button>}
      />
    );
  const data = bets.data;
  const anyone = data.riders.some((r) => isBettable({ available: r.available, odds: r.odds?.WIN ?? null }));
  return (
    <>
      <h2 className={styles.raceName}>{raceLabel(data.raceName)}</h2>
      <BetsStatus data={data} />
      {data.result ? <RaceResult data={data} /> : null}
      {anyone || data.result ? <RiderOddsGrid data={data} /> : <EmptyState title={t("errors:noRidersForBetting")} />}
      <section aria-labelledby="my-bets-title" className={styles.board}>
        <h2 id="my-bets-title" className={styles.sectionTitle}>
          {t("mine.title")}
        </h2>
        <BetList bets={data.bets} riders={data.riders} label={t("mine.title")} />
      </section>
    </>
  );
}
