import { useTranslation } from "react-i18next";
import type { Bet, BetRider } from "../../../contract/bets";
import { payoutOf } from "../../../contract/betRules";
import { Diamond } from "../../ui/Diamond";
import { formatOdds } from "./useBets";
import styles from "./bets.module.css";

/**
 * The player's bets on one race: rider, type, stake, odds of each leg, status and what it paid (or could pay
 * while open, or gave back). Shared by the Bets screen and the AllUserBets modal.
 */
export function BetList({ bets, riders, label }: { bets: readonly Bet[]; riders: readonly BetRider[]; label: string }) {
  const { t, i18n } = useTranslation("bets");
  const byId = new Map(riders.map((r) => [r.id, r]));
  if (bets.length === 0) return <p className={styles.help}>{t("mine.empty")}</p>;
  return (
    <ul className={styles.betList} aria-label={label}>
      {bets.map((bet) => {
        const rider = byId.get(bet.riderId);
        const potential = bet.legs.reduce((sum, l) => sum + payoutOf(l.stake, l.odds), 0);
        return (
          <li
            key={bet.id}
            className={`${styles.betItem} ${styles[`bet_${bet.status}`] ?? ""}`}
            data-testid="bet-item"
            data-status={bet.status}
          >
            <div className={styles.betHead}>
              <span className={styles.betRider}>
                {rider ? t("mine.rider", { number: rider.number, name: rider.name }) : ""}
              </span>
              <span className={styles.betType}>{t(`types.${bet.type}`)}</span>
              <span className={`${styles.badge} ${styles[`badge_${bet.status}`] ?? ""}`}>
                {t(`mine.status.${bet.status}`)}
              </span>
            </div>
            <dl className={styles.betFacts}>
              <div>
                <dt>{t("mine.stake")}</dt>
                <dd>
                  <Diamond /> {bet.amount}
                </dd>
              </div>
              <div>
                <dt>{t("mine.odds")}</dt>
                <dd>
                  {bet.legs
                    .map((l) =>
                      t("mine.legOdds", { type: t(`types.${l.type}`), odds: formatOdds(i18n.language, l.odds) }),
                    )
                    .join(" · ")}
                </dd>
              </div>
              <div>
                <dt>
                  {bet.status === "REFUNDED"
                    ? t("mine.refunded")
                    : bet.status === "OPEN"
                      ? t("mine.potential")
                      : t("mine.payout")}
                </dt>
                <dd data-testid="bet-payout">
                  <Diamond />{" "}
                  {bet.status === "REFUNDED" ? bet.refunded : bet.status === "OPEN" ? potential : (bet.payout ?? 0)}
                </dd>
              </div>
            </dl>
            {bet.legs.length > 1 && bet.status !== "OPEN" && bet.status !== "REFUNDED" ? (
              <p className={styles.legOutcomes}>
                {bet.legs
                  .map((l) =>
                    t("mine.legOutcome", {
                      type: t(`types.${l.type}`),
                      status: t(`mine.status.${l.status}`),
                      payout: l.payout ?? 0,
                    }),
                  )
                  .join(" · ")}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
