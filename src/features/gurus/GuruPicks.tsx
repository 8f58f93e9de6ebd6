import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { Link } from "wouter";
import type { PredictionCategory } from "../../../contract/enums";
import type { RaceRider } from "../../../contract/races";
import { GAME_CLASS } from "../../../contract/rules";
import { useFollowedPicks, usePlayerPicks } from "../../api/gurus";
import { ApiError } from "../../api/apiError";
import { useCurrentRaceId, useRaceRiders, useRaces } from "../../api/races";
import { paths, queryKeys } from "../../config/paths";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import styles from "./gurus.module.css";

const profileHref = (id: string) => `${paths.profile}?${queryKeys.userId}=${encodeURIComponent(id)}`;

function useRiderLabel(raceId: string) {
  const riders = useRaceRiders(raceId, GAME_CLASS);
  const byId = new Map<string, RaceRider>((riders.data?.riders ?? []).map((r) => [r.id, r]));
  return (id: string | null) => {
    const r = id ? byId.get(id) : undefined;
    return r ? `#${r.number} ${r.name}` : "";
  };
}

/** "What the gurus picked" on Predictions: per category, once it has locked, the gurus' and followed players' picks. */
export function GuruPicksPanel({ raceId, viewer }: { raceId: string; viewer: string }) {
  const { t } = useTranslation(["gurus", "predictions"]);
  const picks = useFollowedPicks(viewer, raceId);
  const riderLabel = useRiderLabel(raceId);
  const revealed = picks.data?.categories.filter((c) => c.revealed) ?? [];
  return (
    <section className={styles.panel} aria-labelledby="guru-picks-title">
      <h2 id="guru-picks-title" className={styles.title}>
        {t("panel.title")}
      </h2>
      <p className={styles.muted}>{t("panel.lead")}</p>
      {picks.isPending ? <Spinner label={t("loading")} /> : null}
      {picks.isError ? (
        <p role="alert" className={styles.error}>
          {t("error")}{" "}
          <Button size="sm" variant="secondary" onClick={() => void picks.refetch()}>
            {t("retry")}
          </Button>
        </p>
      ) : null}
      {picks.data && revealed.length === 0 ? <p className={styles.muted}>{t("panel.noneYet")}</p> : null}
      {revealed.length > 0 ? (
        <dl className={styles.categories}>
          {revealed.map((c) => (
            <div key={c.category} className={styles.category}>
              <dt className={styles.categoryName}>{t(`predictions:category.${c.category}`)}</dt>
              <dd className={styles.picks}>
                {c.picks.length === 0 ? (
                  <span className={styles.muted}>{t("panel.nobody")}</span>
                ) : (
                  <ul className={styles.pickList}>
                    {c.picks.map((p) => (
                      <li key={p.user.id}>
                        <Link href={profileHref(p.user.id)}>{p.user.name}</Link>
                        {p.user.isGuru ? <span className={styles.badge}>{t("guru")}</span> : null}
                        <span className={styles.rider}>{riderLabel(p.riderId)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/** A guru's or followed player's picks of a race on their profile; nothing when the viewer may not see them. */
export function PlayerPicks({
  viewer,
  userId,
  raceId,
  raceName,
}: {
  viewer: string;
  userId: string;
  raceId: string;
  raceName: string;
}) {
  const { t } = useTranslation(["gurus", "predictions"]);
  const raceLabel = useRaceName();
  const picks = usePlayerPicks(viewer, userId, raceId);
  const riderLabel = useRiderLabel(raceId);
  if (picks.error instanceof ApiError && picks.error.status === 403) return null;
  return (
    <section className={styles.panel} aria-labelledby="player-picks-title">
      <h2 id="player-picks-title" className={styles.title}>
        {t("profile.title", { race: raceLabel(raceName) })}
      </h2>
      {picks.isPending ? <Spinner label={t("loading")} /> : null}
      {picks.isError ? (
        <p role="alert" className={styles.error}>
          {t("error")}{" "}
          <Button size="sm" variant="secondary" onClick={() => void picks.refetch()}>
            {t("retry")}
          </Button>
        </p>
      ) : null}
      {picks.data ? (
        <dl className={styles.categories} data-testid="player-picks">
          {picks.data.picks.map((p) => (
            <div key={p.category} className={styles.category}>
              <dt className={styles.categoryName}>
                {t(`predictions:category.${p.category satisfies PredictionCategory}`)}
              </dt>
              <dd className={p.revealed && p.riderId ? styles.rider : styles.muted}>
                {p.revealed
                  ? p.riderId
                    ? riderLabel(p.riderId)
                    : t("profile.noPick")
                  : p.picked
                    ? t("profile.hidden")
                    : t("profile.noPickYet")}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/** The profile's picks for the current race weekend (the calendar's next race, else the first, else the last). */
export function ProfileRacePicks({ viewer, userId }: { viewer: string; userId: string }) {
  const races = useRaces(1, 100);
  const current = useCurrentRaceId("calendar", races.isSuccess ? races.data.data : undefined);
  const race = races.data?.data.find((r) => r.id === current.data);
  return race ? <PlayerPicks viewer={viewer} userId={userId} raceId={race.id} raceName={race.name} /> : null;
}
