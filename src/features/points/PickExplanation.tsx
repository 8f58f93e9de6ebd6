import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PickBefore, PickScore } from "../../../contract/operations";
import type { RaceResults } from "../../../contract/results";
import {
  classificationOf,
  correctionPlaces,
  explainPick,
  wasCorrected,
  type ExplainPick,
  type ExplainStep,
} from "../../../contract/weekendRules/explain";
import { numberFormat } from "../../i18n/formats";
import styles from "./PickExplanation.module.css";

type Classification = RaceResults["classifications"][number];
type State = PickScore["state"];

/** A scored pick as a read gives it: what explainPick needs, the state and points the server gave, and any before. */
export type ExplainedPick = ExplainPick & {
  state: State;
  points: number | null;
  before?: PickBefore | null | undefined;
};

/**
 * Why a scored pick has its points (contract/weekendRules/explain.ts), one line per rule, as text; and after a
 * correction, its state and points before and now. Nothing for a pick not scored yet. When the classification at
 * hand does not give the pick's own score (a correction still on its way to this screen), no steps are shown rather
 * than steps that add up to other points. The correction's line says where the picked rider stood before it and
 * stands now, when the read knows the place before.
 */
export function PickExplanation({
  pick,
  classification,
}: {
  pick: ExplainedPick;
  classification: Classification | undefined;
}) {
  const { t, i18n } = useTranslation(["points", "results"]);
  const id = useId();
  if (pick.state === "MADE") return null;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const explanation = explainPick(pick, classificationOf(classification));
  const agrees = explanation.state === pick.state && explanation.points === pick.points;
  const score = (s: { state: State; points: number | null }, place?: number | null) => {
    const values = { state: t(`results:state.${s.state}`), points: number.format(s.points ?? 0) };
    if (place === undefined) return t("points:score", values);
    return place === null
      ? t("points:scoreOut", values)
      : t("points:scoreAt", { ...values, place: number.format(place) });
  };
  const line = (step: ExplainStep) => {
    const values: Record<string, string> = Object.fromEntries(
      Object.entries(step).map(([k, v]) => [k, typeof v === "number" ? number.format(v) : String(v)]),
    );
    return t(`points:step.${step.key}`, values);
  };
  const now = { state: pick.state, points: pick.points };
  const corrected = wasCorrected(pick.before, now);
  const places = corrected ? correctionPlaces(pick.before!, pick.riderId, classification) : null;
  if (!agrees && !corrected) return null;
  return (
    <div className={styles.explain} data-testid="pick-explanation">
      {agrees ? (
        <>
          <p id={id} className={styles.title}>
            {t("points:title")}
          </p>
          <ul className={styles.steps} aria-labelledby={id}>
            {explanation.steps.map((step) => (
              <li key={step.key}>{line(step)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {corrected ? (
        <p className={styles.corrected} data-testid="pick-correction">
          {t("points:corrected", { before: score(pick.before!, places?.before), after: score(now, places?.now) })}
        </p>
      ) : null}
    </div>
  );
}
