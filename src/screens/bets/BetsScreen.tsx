import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { useBalance } from "../../api/diamonds";
import { useCurrentRaceId, useRaces } from "../../api/races";
import { useProfile } from "../../runtime/hooks";
import styles from "./bets.module.css";
import { Button } from "../../ui/Button";
import { CircuitZone } from "../../ui/LocalTime";
import { Diamond } from "../../ui/Diamond";
import { EmptyState } from "../../ui/EmptyState";
import { RaceSelect } from "../../ui/RaceSelect";
import { Spinner } from "../../ui/Spinner";
import { RaceBetsBoard } from "./RaceBetsBoard";

/** The whole calendar fits one page (22 rounds; the contract allows 100). */
const CALENDAR_PAGE = { page: 1, take: 100 } as const;

/**
 * /bets: the race picker (opening on the current race), the player's live balance, and the chosen race's riders
 * with their WIN, PLACE and SHOW odds, the countdown to the race session's start, and the player's bets.
 */
export default function BetsScreen() {
  const { t } = useTranslation("bets");
  const raceLabel = useRaceName();
  const me = useProfile();
  const races = useRaces(CALENDAR_PAGE.page, CALENDAR_PAGE.take);
  const current = useCurrentRaceId("calendar", races.isSuccess ? races.data.data : undefined);
  const [chosen, setChosen] = useState<string | null>(null);
  const balance = useBalance(me?.id);

  let body;
  if (races.isPending || (races.isSuccess && current.isPending)) body = <Spinner size="lg" label={t("loading")} />;
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
    body =
      race && me ? (
        // The board's close countdown offers the circuit's clock: the race's track names its zone.
        <CircuitZone.Provider value={race.tracks[0]?.timeZone}>
          <RaceBetsBoard key={race.id} race={race} userId={me.id} />
        </CircuitZone.Provider>
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
