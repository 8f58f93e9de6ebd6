import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RaceControl } from "../../../contract/operations";
import type { ActionRef } from "../../../machines/raceControl.machine";
import { actionReady, checkNewRider, EMPTY_NEW_RIDER } from "../../../machines/raceControlAction.machine";
import { useRidersDropdown } from "../../api/races";
import { GAME_CLASS } from "../../../contract/rules";
import { numberFormat } from "../../i18n/formats";
import { useRaceName } from "../../i18n/raceNames";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/SelectField";
import { errorText } from "./errorText";
import { NewRiderFields } from "./NewRiderFields";
import styles from "./raceControl.module.css";

/** The figures each action's answer carries, in the order the page lists them. */
const FIGURES = ["winners", "invalidated", "players", "refunded", "bets"] as const;
/** The rider select's value for "a new rider" (rider ids are UUIDs, never this). */
const NEW_RIDER = "new";

/** Confirm the weekend, injure a rider, or add a substitute or wildcard: what it does, then confirm. */
export function ActionPanel({ flow, data, onClose }: { flow: ActionRef; data: RaceControl; onClose(): void }) {
  const { t, i18n } = useTranslation(["raceControl", "errors"]);
  const raceName = useRaceName();
  const s = useSelector(flow, (x) => x);
  const { action, report, error } = s.context;
  // The contract's errors show once the operator has tried to confirm, not while the first field is being typed.
  const [tried, setTried] = useState(false);
  const newRider = action.kind === "entry" ? action.newRider : null;
  const checked = newRider ? checkNewRider(newRider) : null;
  const entrants = new Set(data.riders.map((r) => r.id));
  const pool = useRidersDropdown(GAME_CLASS);
  const candidates = (pool.data ?? []).filter((r) => !entrants.has(r.id));
  const name = (id: string | null) => data.riders.find((r) => r.id === id);
  const rider =
    action.kind === "injure" ? name(action.riderId) : action.kind === "entry" ? name(action.replaces) : undefined;
  const vars = { rider: rider ? `${rider.number} ${rider.name}` : "", race: raceName(data.name) };
  const key = action.kind === "entry" ? (action.role === "SUBSTITUTE" ? "substitute" : "wildcard") : action.kind;
  const n = numberFormat(i18n.language);
  return (
    <section aria-labelledby="rc-flow" className={styles.flow} data-testid="action-panel">
      <h2 id="rc-flow" className={styles.heading}>
        {t(`action.${key}.title`, vars)}
      </h2>
      <p>{t(`action.${key}.lead`, vars)}</p>
      {action.kind === "entry" && !s.hasTag("done") ? (
        <SelectField
          label={t("action.rider")}
          value={newRider ? NEW_RIDER : (action.riderId ?? "")}
          disabled={s.hasTag("busy")}
          onChange={(value) => {
            setTried(false);
            // A new rider is made under an id chosen here, as the CLI does: the same id again is the same entry.
            if (value === NEW_RIDER)
              flow.send({ type: "action.set", riderId: crypto.randomUUID(), newRider: EMPTY_NEW_RIDER });
            else flow.send({ type: "action.set", riderId: value || null, newRider: null });
          }}
        >
          <option value="">{t(pool.isPending ? "action.ridersLoading" : "action.choose")}</option>
          {candidates.map((r) => (
            <option key={r.id} value={r.id}>
              {r.number} {r.name} ({r.teamName})
            </option>
          ))}
          <option value={NEW_RIDER}>{t("action.new.option")}</option>
        </SelectField>
      ) : null}
      {newRider && !s.hasTag("done") ? (
        <NewRiderFields
          draft={newRider}
          errors={tried && checked && !checked.ok ? checked.errors : {}}
          disabled={s.hasTag("busy")}
          onChange={(draft) => flow.send({ type: "action.set", newRider: draft })}
        />
      ) : null}
      {s.hasTag("failed") ? (
        <p role="alert" className={styles.error}>
          {errorText(t, error)}
        </p>
      ) : null}
      {s.hasTag("asking") ? (
        <div className={styles.buttons}>
          <Button
            loading={s.hasTag("busy")}
            // A new rider's confirm stays offered: pressed with a field wrong, it shows what is wrong (the flow sends nothing).
            disabled={s.hasTag("busy") || (!newRider && !actionReady(action))}
            onClick={() => {
              if (newRider) setTried(true);
              flow.send({ type: s.hasTag("failed") ? "action.retry" : "action.confirm" });
            }}
          >
            {t(`action.${key}.confirm`, vars)}
          </Button>
          <Button variant="secondary" disabled={s.hasTag("busy")} onClick={onClose}>
            {t("close")}
          </Button>
        </div>
      ) : null}
      {s.hasTag("done") && report ? (
        <>
          <p role="status" className={styles.done} data-testid="flow-done">
            {t(report.replayed ? "action.replayed" : `action.${key}.done`, vars)}
          </p>
          <ul className={styles.reportList}>
            {FIGURES.filter((f) => f in report.figures).map((f) => (
              <li key={f}>{t(`action.figures.${f}`, { value: n.format(report.figures[f]!) })}</li>
            ))}
          </ul>
          <Button variant="secondary" onClick={onClose}>
            {t("close")}
          </Button>
        </>
      ) : null}
    </section>
  );
}
