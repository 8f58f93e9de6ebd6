import { useState } from "react";
import { useTranslation } from "react-i18next";
import { verifyDraw } from "../../../contract/prizeDraw";
import type { PrizeDraw } from "../../../contract/prizes";
import { getPublishedTickets } from "../../api/prizes";
import { Button } from "../../ui/Button";
import styles from "./prizes.module.css";

type Check =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "done"; ok: boolean; count: number }
  | { state: "failed" };

/** Recomputes the drawn winner here, in the browser, from the revealed seed and the public ticket list (contract/prizeDraw.ts). */
export function DrawCheck({ draw }: { draw: PrizeDraw }) {
  const { t } = useTranslation("prizes");
  const [check, setCheck] = useState<Check>({ state: "idle" });
  async function run() {
    setCheck({ state: "checking" });
    try {
      const published = await getPublishedTickets(draw.season);
      const d = published.draw;
      const ok =
        published.frozen &&
        d.seed !== null &&
        d.commitment !== null &&
        d.ticketsDigest !== null &&
        d.winningIndex !== null &&
        d.winningIndex === draw.winningIndex &&
        verifyDraw({
          commitment: d.commitment,
          seed: d.seed,
          tickets: published.tickets,
          ticketsDigest: d.ticketsDigest,
          winningIndex: d.winningIndex,
        }).ok;
      setCheck({ state: "done", ok, count: published.tickets.length });
    } catch {
      setCheck({ state: "failed" });
    }
  }
  return (
    <div className={styles.check}>
      <Button variant="secondary" size="sm" loading={check.state === "checking"} onClick={() => void run()}>
        {t("draw.verify")}
      </Button>
      <p role="status" className={styles.checkResult}>
        {check.state === "done"
          ? check.ok
            ? t("draw.verified", { count: check.count })
            : t("draw.notVerified")
          : null}
        {check.state === "failed" ? t("draw.verifyError") : null}
      </p>
    </div>
  );
}
