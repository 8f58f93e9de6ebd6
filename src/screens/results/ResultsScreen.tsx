import { useTranslation } from "react-i18next";
import { useProfile } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import page from "../../ui/Page.module.css";
import { RacePicker } from "../../features/races/RacePicker";
import { RaceResultsView } from "./RaceResultsView";
import { useRaceChoice } from "../../features/races/useRaceChoice";
import styles from "./results.module.css";

/** /results (signed-in players): a race weekend's picks with their outcome and points, and the official top three. */
export default function ResultsScreen() {
  const { t } = useTranslation("results");
  const me = useProfile();
  const choice = useRaceChoice();

  let body;
  if (choice.races.isPending) body = <Spinner size="lg" label={t("loadingRaces")} />;
  else if (choice.races.isError) {
    body = (
      <EmptyState
        title={t("racesError")}
        action={<Button onClick={() => void choice.races.refetch()}>{t("errors:tryAgain")}</Button>}
      />
    );
  } else if (!choice.race || !me) body = <EmptyState title={t("noRaces")} />;
  else {
    body = (
      <>
        <RacePicker choice={choice} />
        <RaceResultsView key={choice.race.id} race={choice.race} userId={me.id} />
      </>
    );
  }

  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("title")}</h1>
        <p className={page.lead}>{t("lead")}</p>
      </div>
      {body}
    </div>
  );
}
