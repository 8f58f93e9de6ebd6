import { createContext, Fragment, useContext, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { timeReadings } from "../../contract/timeDisplay";
import { VisuallyHidden } from "./VisuallyHidden";
import styles from "./LocalTime.module.css";

/**
 * The circuit's IANA zone for the times below it: a race's page provides its track's zone once, so every card and
 * countdown inside offers the circuit's clock without being handed it.
 */
export const CircuitZone = createContext<string | null | undefined>(undefined);

/**
 * A deadline or session time as the player reads it: their own zone, named (contract/timeDisplay.ts). A press (a
 * tap, Enter or Space) shows the same instant at the circuit and in UTC below it, for a player whose phone is still
 * on home time at the track.
 */
export function LocalTime({
  at,
  circuitZone,
  className,
}: {
  at: string | number;
  circuitZone?: string | null;
  className?: string;
}) {
  const { t, i18n } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const id = useId();
  const zoneAround = useContext(CircuitZone);
  const when = timeReadings(at, i18n.language, circuitZone === undefined ? zoneAround : circuitZone);
  const iso = new Date(typeof at === "number" ? at : Date.parse(at)).toISOString();
  return (
    <span className={`${styles.root} ${className ?? ""}`}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={id}
        data-local-time=""
        onClick={() => setOpen((o) => !o)}
      >
        <time dateTime={iso}>{when.player}</time>
        <VisuallyHidden context>{t(when.circuit ? "localTime.more" : "localTime.moreUtc")}</VisuallyHidden>
      </button>
      <span id={id} className={styles.more} hidden={!open} data-testid="local-time-more">
        {when.circuit ? (
          <>
            <span>{t("localTime.circuit", { time: when.circuit })}</span>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        <span>{t("localTime.utc", { time: when.utc })}</span>
      </span>
    </span>
  );
}

const SLOT = "\u0000";

/**
 * A translated sentence with a time inside it ("Closes {{time}}"), the time as a LocalTime: the sentence is
 * translated with a marker for `time`, then split around it, so each language keeps its own word order.
 */
export function TimeInText({ text, time }: { text: (time: string) => string; time: ReactNode }) {
  const parts = text(SLOT).split(SLOT);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? time : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
