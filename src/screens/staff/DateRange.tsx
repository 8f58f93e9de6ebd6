import { useState, type Dispatch, type SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import type { FlowsQuery } from "../../../contract/analytics";
import styles from "./staff.module.css";

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 7;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The staff reports' range of UTC days: the last week by default. */
export const useDateRange = (): [FlowsQuery, Dispatch<SetStateAction<FlowsQuery>>] =>
  useState<FlowsQuery>(() => ({ from: day(Date.now() - (DEFAULT_DAYS - 1) * DAY_MS), to: day(Date.now()) }));

/** From and To date fields; an emptied field keeps the day it had. */
export function DateRangeFields({
  range,
  onChange,
}: {
  range: FlowsQuery;
  onChange: Dispatch<SetStateAction<FlowsQuery>>;
}) {
  const { t } = useTranslation("staff");
  return (
    <>
      <label className={styles.field}>
        <span>{t("flows.from")}</span>
        <input
          type="date"
          value={range.from}
          max={range.to}
          required
          onChange={(e) => e.target.value && onChange((r) => ({ ...r, from: e.target.value }))}
        />
      </label>
      <label className={styles.field}>
        <span>{t("flows.to")}</span>
        <input
          type="date"
          value={range.to}
          min={range.from}
          required
          onChange={(e) => e.target.value && onChange((r) => ({ ...r, to: e.target.value }))}
        />
      </label>
    </>
  );
}
