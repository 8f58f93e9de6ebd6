import { startTransition, useDeferredValue, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import type { Race } from "../../../contract/races";
import { useBalance } from "../../api/diamonds";
import { useCurrentRaceId, useRaces } from "../../api/races";
import { useShownProfile } from "../../runtime/hooks";
import { firstContentShown } from "../../lib/firstPaint";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { RaceSelect } from "../../ui/RaceSelect";
import { Spinner } from "../../ui/Spinner";
import { Diamond } from "../../ui/Diamond";
import { RaceWeekend } from "./RaceWeekend";
import { CALENDAR_PAGE } from "./firstCalls";
import { GuruPicksPanel } from "../../features/gurus/GuruPicks";
import styles from "./predictions.module.css";
import { dateFormat, RACE_DATES } from "../../i18n/formats";

/**
 * /predictions: the race picker (opening on the current race: the next one, else the first, else the last),
 * the player's balance, and the chosen weekend's timeline, picks, upgrades and changes.
 */
export default function PredictionsScreen() {
  const { t } = useTranslation("predictions");
  const raceLabel = useRaceName();
  const me = useShownProfile();
  // The weekend and the gurus are rendered in a transition after the heading has committed (React yields
  // between their slices): the heading, the page's largest paint, does not wait for the board's render.
  const player = useDeferredValue(me, null);
  const races = useRaces(CALENDAR_PAGE.page, CALENDAR_PAGE.take);
  const current = useCurrentRaceId("calendar", races.isSuccess ? races.data.data : undefined);
  const calendarLoading = races.isPending || (races.isSuccess && current.isPending);
  // The board's own calls (riders, picks, gurus) go out once the heading is on screen, not before its paint. The
  // calendar's answer on screen (the heading, an error, no race) also lets a restored session's profile call go
  // (`firstContentOnScreen` in src/lib/firstPaint.ts).
  const headingShown = usePaintedOnce(!calendarLoading);
  const [chosen, setChosen] = useState<string | null>(null);
  const balance = useBalance(me?.id);

  let body;
  if (calendarLoading)
    body = (
      <div className={styles.loading}>
        <Spinner size="lg" label={t("loading")} />
      </div>
    );
  else if (races.isError) {
    body = (
      <EmptyState
        title={t("loadError")}
        action={<Button onClick={() => void races.refetch()}>{t("errors:tryAgain")}</Button>}
      />
    );
  } else {
    const list = races.data.data;
    const raceId = chosen ?? current.data ?? list[0]?.id;
    const race = list.find((r) => r.id === raceId);
    // The heading needs only the calendar: it paints while a stored session's profile is still loading
    // (the guard shows this screen then); the weekend and the gurus need the player.
    body = race ? (
      <>
        <RaceHeading race={race} />
        {player && headingShown ? (
          <>
            <RaceWeekend key={race.id} race={race} userId={player.id} />
            <GuruPicksPanel raceId={race.id} viewer={player.id} />
          </>
        ) : (
          <div className={styles.loading}>
            <Spinner size="lg" label={t("loading")} />
          </div>
        )}
      </>
    ) : (
      <EmptyState title={t("noRaces")} />
    );
    if (list.length > 0) {
      body = (
        <>
          <RaceSelect
            races={list}
            value={raceId}
            onChange={setChosen}
            label={t("picker.label")}
            optionLabel={(r) => t("picker.option", { round: r.round, name: raceLabel(r.name) })}
          />
          {body}
        </>
      );
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t("title")}</h1>
        {balance.data ? (
          <p className={styles.balance} aria-live="polite">
            <span className="visually-hidden">{t("balance.label")}</span>
            <Diamond /> <span data-testid="balance">{balance.data.balance}</span>
          </p>
        ) : null}
      </header>
      {body}
    </div>
  );
}

/**
 * True from the frame after `ready` first held (its render is then on screen); set in a transition. It also reports
 * the screen's content as committed (`firstContentShown`: only the page's first report counts).
 */
function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    firstContentShown(performance.now());
    // A frame's callback runs before that frame paints; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

function RaceHeading({ race }: { race: Race }) {
  const { t, i18n } = useTranslation("predictions");
  const raceLabel = useRaceName();
  const track = race.tracks[0];
  const date = dateFormat(i18n.language, RACE_DATES);
  return (
    <div className={styles.raceHead}>
      <h2 className={styles.raceName}>{raceLabel(race.name)}</h2>
      <p className={styles.raceMeta}>
        {track ? `${track.name} · ` : ""}
        {date.formatRange(new Date(race.startsAt), new Date(race.endsAt))}
        {race.status === "CANCELED" ? (
          <span className={`${styles.badge} ${styles.badgeDanger}`}>{t("canceled")}</span>
        ) : null}
      </p>
    </div>
  );
}
