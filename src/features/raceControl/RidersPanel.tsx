import { useTranslation } from "react-i18next";
import type { RaceControl } from "../../../contract/operations";
import { canAddWildcard, canInjure, canSubstitute } from "../../../machines/raceControl.machine";
import { Button } from "../../ui/Button";
import styles from "./raceControl.module.css";
import { sendControl } from "./useRaceControl";

/** The weekend's entry list: who is out, who replaces whom, and the injury, substitute and wildcard actions. */
export function RidersPanel({ data, busy }: { data: RaceControl; busy: boolean }) {
  const { t } = useTranslation("raceControl");
  const byId = new Map(data.riders.map((r) => [r.id, r]));
  return (
    <section aria-labelledby="rc-riders" className={styles.panel}>
      <div className={styles.sessionHead}>
        <h2 id="rc-riders" className={styles.heading}>
          {t("riders.title")}
        </h2>
        {canAddWildcard(data) ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => sendControl({ type: "entry.wildcard" })}>
            {t("actions.wildcard")}
          </Button>
        ) : null}
      </div>
      {data.riders.length === 0 ? (
        <p>{t("riders.empty")}</p>
      ) : (
        <div className={styles.tableWrap} role="region" aria-label={t("riders.table")} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t("riders.number")}</th>
                <th scope="col">{t("riders.name")}</th>
                <th scope="col">{t("riders.status")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("riders.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.riders.map((r) => {
                const replaced = r.replaces ? byId.get(r.replaces) : undefined;
                return (
                  <tr key={r.id}>
                    <td className={styles.number}>{r.number}</td>
                    <th scope="row">{r.name}</th>
                    <td>
                      {[
                        t(`roles.${r.role}`),
                        r.out ? t("riders.out") : null,
                        replaced ? t("riders.replaces", { rider: `${replaced.number} ${replaced.name}` }) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </td>
                    <td className={styles.rowActions}>
                      {canInjure(data, r.id) ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          onClick={() => sendControl({ type: "rider.injure", riderId: r.id })}
                        >
                          {t("actions.injure", { rider: r.name })}
                        </Button>
                      ) : null}
                      {canSubstitute(data, r.id) && !data.riders.some((x) => x.replaces === r.id) ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          onClick={() => sendControl({ type: "entry.substitute", replaces: r.id })}
                        >
                          {t("actions.substitute", { rider: r.name })}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
