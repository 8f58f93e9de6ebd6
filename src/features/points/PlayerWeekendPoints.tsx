import { useTranslation } from "react-i18next";
import { defaultResultsRaceId } from "../../../contract/raceRules";
import { GAME_CLASS } from "../../../contract/rules";
import { resultKeyOf } from "../../../contract/weekendRules/scoring";
import { categories } from "../../../contract/weekendRules/structure";
import { ApiError } from "../../api/apiError";
import { usePlayerPicks } from "../../api/gurus";
import { useRaceRiders, useRacesDropdown } from "../../api/races";
import type { RaceOption } from "../../../contract/races";
import { useRaceResults } from "../../api/results";
import { numberFormat } from "../../i18n/formats";
import { useRaceName } from "../../i18n/raceNames";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { PickExplanation } from "./PickExplanation";
import styles from "./PlayerWeekendPoints.module.css";

/**
 * "Last weekend's points" on a profile: the viewed player's scored picks of the latest race that has started (the
 * race Results opens on), each with the rules that gave its points. It reads what the profile's picks already read,
 * GET /users/{id}/predictions/races/{raceId} (a guru's, a followed player's or one's own; each pick from its lock on,
 * its score once scored), plus the official classification: no read of its own. Nothing when the viewer may not see
 * the player's picks.
 */
export function PlayerWeekendPoints({ viewer, userId }: { viewer: string; userId: string }) {
  const races = useRacesDropdown();
  const raceId = defaultResultsRaceId(races.data ?? []);
  const race = races.data?.find((r) => r.id === raceId);
  return race ? <WeekendPoints key={race.id} viewer={viewer} userId={userId} race={race} /> : null;
}

function WeekendPoints({ viewer, userId, race }: { viewer: string; userId: string; race: RaceOption }) {
  const { t, i18n } = useTranslation(["points", "predictions", "results"]);
  const raceLabel = useRaceName();
  const picks = usePlayerPicks(viewer, userId, race.id);
  const official = useRaceResults(race.id);
  const riders = useRaceRiders(race.id, GAME_CLASS);
  if (picks.error instanceof ApiError && picks.error.status === 403) return null;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const byId = new Map((riders.data?.riders ?? []).map((r) => [r.id, r]));
  const scored = (picks.data?.picks ?? [])
    .filter((p) => p.score && p.riderId)
    .toSorted((a, b) => categories.indexOf(a.category) - categories.indexOf(b.category));
  const total = scored.reduce((sum, p) => sum + (p.score?.points ?? 0), 0);
  const failed = picks.isError || official.isError;
  const retry = () => {
    for (const query of [picks, official]) if (query.isError) void query.refetch();
  };
  return (
    <section className={styles.panel} aria-labelledby="weekend-points-title" data-testid="weekend-points">
      <h2 id="weekend-points-title" className={styles.title}>
        {t("points:profile.title", { race: raceLabel(race.name) })}
      </h2>
      <p className={styles.muted}>{t("points:profile.lead")}</p>
      {picks.isPending || official.isPending ? <Spinner label={t("points:profile.loading")} /> : null}
      {failed ? (
        <p role="alert" className={styles.error}>
          {t("points:profile.error")}{" "}
          <Button size="sm" variant="secondary" onClick={retry}>
            {t("points:profile.retry")}
          </Button>
        </p>
      ) : null}
      {picks.data && official.data && scored.length === 0 ? (
        <p className={styles.muted}>{t("points:profile.none")}</p>
      ) : null}
      {picks.data && official.data && scored.length > 0 ? (
        <>
          <p className={styles.total}>{t("points:profile.total", { points: number.format(total) })}</p>
          <ul className={styles.picks}>
            {scored.map((p) => {
              const score = p.score!;
              const rider = byId.get(p.riderId!);
              return (
                <li key={p.category} className={styles.pick}>
                  <div className={styles.pickTop}>
                    <span className={styles.category}>{t(`predictions:category.${p.category}`)}</span>
                    <span className={styles.points}>
                      {t("results:card.pointsValue", { points: number.format(score.points ?? 0) })}
                    </span>
                  </div>
                  <span className={styles.rider}>
                    {rider
                      ? t("predictions:rider.short", { number: rider.number, name: rider.name })
                      : t("results:card.unknownRider")}
                    {" · "}
                    {t(`results:state.${score.state}`)}
                  </span>
                  <PickExplanation
                    pick={{
                      category: p.category,
                      riderId: p.riderId!,
                      upgrades: score.upgrades,
                      state: score.state,
                      points: score.points,
                    }}
                    classification={official.data.classifications.find((c) => c.session === resultKeyOf(p.category))}
                  />
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
