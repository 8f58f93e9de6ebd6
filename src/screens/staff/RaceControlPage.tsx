import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActionRef, EntryRef, MoveRef } from "../../../machines/raceControl.machine";
import { useCurrentRaceId, useRacesDropdown } from "../../api/races";
import { ActionPanel } from "../../features/raceControl/ActionPanel";
import { EntryPanel } from "../../features/raceControl/EntryPanel";
import { MovePanel } from "../../features/raceControl/MovePanel";
import styles from "./raceControl.module.css";
import { RidersPanel } from "../../features/raceControl/RidersPanel";
import { Timeline } from "../../features/raceControl/Timeline";
import { sendControl, useRaceControl, useRaceControlOpen } from "../../features/raceControl/useRaceControl";
import { WeekendPanel } from "../../features/raceControl/WeekendPanel";
import { useRaceName } from "../../i18n/raceNames";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import page from "../../ui/Page.module.css";
import { RaceSelect } from "../../ui/RaceSelect";
import { Spinner } from "../../ui/Spinner";
import { errorText } from "../../features/raceControl/errorText";

const closeFlow = () => sendControl({ type: "flow.close" });

/** The open flow, by its kind: entry, move or action (the owner keeps one at a time). */
function OpenFlow() {
  const flow = useRaceControl((s) => s.context.flow);
  const kind = useRaceControl((s) => s.context.flowKind);
  const data = useRaceControl((s) => s.context.data);
  if (!flow || !data) return null;
  if (kind === "entry") return <EntryPanel key={flow.id + data.raceId} flow={flow as EntryRef} onClose={closeFlow} />;
  if (kind === "move") return <MovePanel flow={flow as MoveRef} timeZone={data.timeZone} onClose={closeFlow} />;
  return <ActionPanel flow={flow as ActionRef} data={data} onClose={closeFlow} />;
}

function Weekend() {
  const { t } = useTranslation(["raceControl", "errors"]);
  const data = useRaceControl((s) => s.context.data);
  const error = useRaceControl((s) => s.context.error);
  const loading = useRaceControl((s) => s.hasTag("loading"));
  const failed = useRaceControl((s) => s.hasTag("failed"));
  const busy = useRaceControl((s) => s.hasTag("flow") && s.context.flow?.getSnapshot().hasTag("busy") === true);
  if (loading) return <Spinner size="lg" label={t("loading")} />;
  if (failed || !data)
    return (
      <EmptyState
        title={t("loadError")}
        text={errorText(t, error) ?? undefined}
        action={<Button onClick={() => sendControl({ type: "control.retry" })}>{t("retry")}</Button>}
      />
    );
  return (
    <>
      {error ? (
        <p role="alert" className={styles.error}>
          {t("stale")}
        </p>
      ) : null}
      <OpenFlow />
      <div className={styles.grid}>
        <Timeline data={data} busy={busy} />
        <div className={styles.side}>
          <WeekendPanel data={data} busy={busy} />
          <RidersPanel data={data} busy={busy} />
        </div>
      </div>
    </>
  );
}

/**
 * /staff/race-control (operators only): the weekend's timeline on the server's clock, and the operator's actions on
 * it — move, cancel, enter by race numbers with a preview first, correct, confirm, injure, substitute. The same calls
 * as the CLI; race control's owner (src/features/raceControl/raceControlActor.ts) runs each as a flow.
 */
export default function RaceControlPage() {
  const { t } = useTranslation("raceControl");
  const raceLabel = useRaceName();
  const races = useRacesDropdown();
  const current = useCurrentRaceId("raceControl", races.data);
  const [chosen, setChosen] = useState<string | null>(null);
  const raceId = chosen ?? current.data ?? races.data?.[0]?.id;
  useRaceControlOpen(raceId);

  let body;
  if (races.isPending || (races.isSuccess && current.isPending)) body = <Spinner size="lg" label={t("loading")} />;
  else if (races.isError)
    body = (
      <EmptyState title={t("racesError")} action={<Button onClick={() => void races.refetch()}>{t("retry")}</Button>} />
    );
  else if (!races.data.length) body = <EmptyState title={t("noRaces")} />;
  else
    body = (
      <>
        <RaceSelect
          races={races.data}
          value={raceId}
          onChange={setChosen}
          label={t("picker")}
          optionLabel={(r) => t("pickerOption", { round: r.round, name: raceLabel(r.name) })}
        />
        <Weekend />
      </>
    );
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
