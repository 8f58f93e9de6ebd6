import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Race } from "../../../contract/races";
import { categoriesOf } from "../../../contract/weekendRules/structure";
import { weekendMoments, weekendView } from "../../../contract/weekendRules/view";
import { unsavedCount, type predictionFormMachine } from "../../../machines/predictionForm.machine";
import type { ActorRefFrom } from "xstate";
import { useWeekendData, useWeekendForm } from "../../features/predictions/useWeekend";
import { Spinner } from "../../ui/Spinner";
import { useNowAt } from "./clock";
import { CompletionBar } from "./CompletionBar";
import { SaveBar } from "./SaveBar";
import { SessionTimeline } from "./SessionTimeline";
import { CircuitZone } from "../../ui/LocalTime";
import { WeekendSection } from "./WeekendSection";
import styles from "./predictions.module.css";

type FormRef = ActorRefFrom<typeof predictionFormMachine>;

/** The weekend as the weekend actor holds it: shown once its data and form are there. */
export function WeekendBoard({ race }: { race: Race }) {
  const { t } = useTranslation("predictions");
  const data = useWeekendData();
  const form = useWeekendForm();
  if (!data || !form || data.prediction.raceId !== race.id) return <Spinner size="lg" label={t("loading")} />;
  return <Board race={race} form={form} />;
}

function Board({ race, form }: { race: Race; form: FormRef }) {
  const { t } = useTranslation("predictions");
  const data = useWeekendData()!;
  const picks = useSelector(form, (s) => s.context.picks);
  // The sessions a 418 said had started: their cards close even before this tab's clock gets there.
  const started = useSelector(form, (s) => s.context.started);
  const unsaved = useSelector(form, (s) => (s.hasTag("busy") ? 0 : unsavedCount(s.context)));
  // Re-render when a card can change by itself: a session starts, a change tier opens or closes.
  const now = useNowAt(weekendMoments(data.prediction, data.rules));
  const view = weekendView(data.prediction, now, data.rules, { picks, closed: categoriesOf(started) });
  const riders = new Map(data.riders.map((r) => [r.id, r]));

  // Leaving with choices not saved asks first (the browser's own prompt).
  useEffect(() => {
    if (unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  return (
    <CircuitZone.Provider value={race.tracks[0]?.timeZone}>
      <SessionTimeline sessions={race.sessions} circuitZone={race.tracks[0]?.timeZone} />
      <CompletionBar
        done={view.done}
        total={view.total}
        reward={data.rules.completionReward}
        complete={view.complete}
      />
      {view.allClosed ? (
        <div className={styles.locked} role="alert">
          <strong>{t("errors:raceStarted")}</strong>
        </div>
      ) : null}
      {view.sections.map((section) => (
        <WeekendSection key={section.key} section={section} riders={riders} />
      ))}
      <SaveBar form={form} riders={riders} />
    </CircuitZone.Provider>
  );
}
