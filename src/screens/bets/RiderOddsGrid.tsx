import { useTranslation } from "react-i18next";
import type { BetRider, BetType, RaceBets } from "../../../contract/bets";
import { BET_TYPES, isBettable, typesLeft } from "../../../contract/betRules";
import { betOnRider, formatOdds, useBettingOpen } from "../../features/bets/useBets";
import styles from "./bets.module.css";
import { RiderBadge } from "../../ui/RiderBadge";
import { RiderRoleTag } from "../../ui/RiderRoleTag";
import tagStyles from "../../ui/RiderRoleTag.module.css";

/** Every rider of the race with a button per bet type showing its odds; a type already bet on the rider is marked placed. */
export function RiderOddsGrid({ data }: { data: RaceBets }) {
  const { t } = useTranslation("bets");
  const open = useBettingOpen();
  return (
    <section aria-labelledby="odds-title" className={styles.board}>
      <h2 id="odds-title" className={styles.sectionTitle}>
        {t("grid.title")}
      </h2>
      <div className={styles.gridHead} aria-hidden="true">
        <span>{t("grid.rider")}</span>
        {BET_TYPES.map((type) => (
          <span key={type}>{t(`types.${type}`)}</span>
        ))}
      </div>
      <ul className={styles.grid} aria-label={t("grid.title")}>
        {data.riders.map((rider) => (
          <RiderRow key={rider.id} rider={rider} left={typesLeft(data.bets, rider.id)} open={open} />
        ))}
      </ul>
    </section>
  );
}

function RiderRow({ rider, left, open }: { rider: BetRider; left: BetType[]; open: boolean }) {
  const { t, i18n } = useTranslation("bets");
  const bettable = isBettable({ available: rider.available, odds: rider.odds?.WIN ?? null });
  return (
    <li
      className={`${styles.riderRow} ${bettable ? "" : styles.riderOut}`}
      data-testid="rider-odds"
      data-rider={rider.number}
    >
      {bettable && left.length > 0 ? (
        // The rider themself: the BetOnRider modal opens on the type choice (the machine's `choosing`), for a
        // player who wants the types explained before picking one.
        // Named by its content (the badge repeats it for the eye), so the visible text never contradicts the name.
        <button type="button" className={styles.riderButton} disabled={!open} onClick={() => betOnRider(rider.id)}>
          <span className="visually-hidden">{t("modal.title", { number: rider.number, name: rider.name })}</span>
          <span aria-hidden="true">
            <RiderBadge rider={rider} size="sm" />
          </span>
          <RiderRoleTag role={rider.role} />
        </button>
      ) : (
        <span className={tagStyles.cell}>
          <RiderBadge rider={rider} size="sm" />
          <RiderRoleTag role={rider.role} />
        </span>
      )}
      {bettable && rider.odds ? (
        BET_TYPES.map((type) => {
          const taken = !left.includes(type);
          const odds = type === "ACROSS" ? null : formatOdds(i18n.language, rider.odds![type]);
          const label =
            type === "ACROSS"
              ? t("grid.betAcross", { number: rider.number, name: rider.name })
              : t("grid.bet", { type: t(`types.${type}`), number: rider.number, name: rider.name, odds });
          return (
            <button
              key={type}
              type="button"
              className={styles.oddsButton}
              disabled={!open || taken}
              data-type={type}
              onClick={() => betOnRider(rider.id, type)}
            >
              {/* The name is the whole sentence (it contains the odds shown); the short visible text is for the eye. */}
              <span className="visually-hidden">{taken ? `${label} (${t("grid.placed")})` : label}</span>
              <span className={styles.oddsType} aria-hidden="true">
                {t(`types.${type}`)}
              </span>
              <span className={styles.oddsValue} aria-hidden="true">
                {odds ?? t("grid.acrossShort")}
              </span>
              {taken ? (
                <span className={styles.oddsPlaced} aria-hidden="true">
                  {t("grid.placed")}
                </span>
              ) : null}
            </button>
          );
        })
      ) : (
        <span className={styles.injured}>{t("grid.injured")}</span>
      )}
    </li>
  );
}
