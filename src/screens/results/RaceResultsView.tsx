import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { Link } from "wouter";
import { PredictionCategory } from "../../../contract/enums";
import type { PredictionResults } from "../../../contract/predictions";
import type { RaceOption } from "../../../contract/races";
import { GAME_CLASS } from "../../../contract/rules";
import { useRaceRiders } from "../../api/races";
import { useMyRaceResults, useRaceResults } from "../../api/results";
import { paths } from "../../config/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import cardStyles from "../../ui/Cards.module.css";
import { TabPanel, Tabs } from "../../ui/Tabs";
import { BonusAnswers } from "../../features/bonus/BonusAnswers";
import { ResultCard } from "./ResultCard";
import { ProvisionalBadge } from "../../ui/ProvisionalBadge";
import { isSuccessful } from "../../../contract/weekendRules/scoring";
import { classificationOf, picksOfTab, resultsTabs, type ResultsTab } from "./results";
import styles from "./results.module.css";
import { numberFormat } from "../../i18n/formats";

const ID_PREFIX = "results-tab";
const order = PredictionCategory.options;

/** One race weekend's results: the player's picks (GET …/results), the race's riders and the official classifications. */
export function RaceResultsView({ race, userId }: { race: RaceOption; userId: string }) {
  const { t } = useTranslation("results");
  const raceLabel = useRaceName();
  const mine = useMyRaceResults(userId, race.id);
  const official = useRaceResults(race.id);
  const riders = useRaceRiders(race.id, GAME_CLASS);
  const [tab, setTab] = useState<ResultsTab>("successful");

  if (mine.isPending || official.isPending || riders.isPending) return <Spinner size="lg" label={t("loading")} />;
  if (mine.isError || official.isError || riders.isError) {
    const retry = () => {
      for (const query of [mine, official, riders]) if (query.isError) void query.refetch();
    };
    return <EmptyState title={t("loadError")} action={<Button onClick={retry}>{t("errors:tryAgain")}</Button>} />;
  }
  if (mine.data.data.length === 0) {
    return (
      <>
        <EmptyState
          title={t("errors:listEmpty")}
          text={t("empty.noPicks", { race: raceLabel(race.name) })}
          action={
            <Link href={paths.predictions} className={buttonClass({ variant: "secondary" })}>
              {t("empty.toPredictions")}
            </Link>
          }
        />
        <BonusAnswers key={race.id} userId={userId} raceId={race.id} tab="all" />
      </>
    );
  }

  const byId = new Map(riders.data.riders.map((r) => [r.id, r]));
  const shown = picksOfTab(mine.data.data, tab, order);
  return (
    <>
      <WeekendTotal
        race={race}
        results={mine.data}
        provisional={official.data.provisional && official.data.classifications.length > 0}
      />
      <div className={styles.tabs}>
        <Tabs<ResultsTab>
          items={resultsTabs.map((key) => ({ key, label: t(`tabs.${key}`) }))}
          value={tab}
          onChange={setTab}
          label={t("tabs.label")}
          idPrefix={ID_PREFIX}
        />
      </div>
      <TabPanel idPrefix={ID_PREFIX} tabKey={tab}>
        {shown.length === 0 ? (
          <EmptyState title={t("errors:listEmpty")} text={t("empty.noSuccess")} />
        ) : (
          <ul className={cardStyles.cards}>
            {shown.map((pick) => (
              <ResultCard
                key={pick.category}
                pick={pick}
                classification={classificationOf(official.data, pick.category)}
                riders={byId}
              />
            ))}
          </ul>
        )}
        <BonusAnswers key={`${race.id}:${tab}`} userId={userId} raceId={race.id} tab={tab} />
      </TabPanel>
    </>
  );
}

/** The weekend's points so far, how many picks hit, and whether every result is in. */
function WeekendTotal({
  race,
  results,
  provisional,
}: {
  race: RaceOption;
  results: PredictionResults;
  provisional: boolean;
}) {
  const { t, i18n } = useTranslation("results");
  const raceLabel = useRaceName();
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  const accurate = results.data.filter((p) => isSuccessful(p.state)).length;
  const scored = results.data.filter((p) => p.state !== "MADE").length;
  return (
    <section className={styles.total} aria-labelledby="results-total">
      <div>
        <h2 id="results-total" className={styles.raceName}>
          {raceLabel(race.name)}
        </h2>
        <p className={styles.totalMeta}>
          {results.settled ? t("total.settled") : t("total.pending", { scored, picks: results.data.length })}
        </p>
        {provisional ? <ProvisionalBadge label={t("provisional.badge")} hint={t("provisional.hint")} /> : null}
      </div>
      <dl className={styles.totalFacts}>
        <div>
          <dt>{t("total.points")}</dt>
          <dd data-testid="weekend-total">{number.format(results.total)}</dd>
        </div>
        <div>
          <dt>{t("total.successful")}</dt>
          <dd>{t("total.ofPicks", { accurate, picks: results.data.length })}</dd>
        </div>
      </dl>
    </section>
  );
}
