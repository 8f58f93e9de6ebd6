import { useTranslation } from "react-i18next";
import { SectionHeading } from "./SectionHeading";
import bikeImage from "../../assets/rider-bike.svg";
import passImage from "../../assets/paddock-pass.svg";
import trophyImage from "../../assets/trophy.svg";
import section from "./Section.module.css";
import styles from "./PrizesSection.module.css";
import { numberFormat } from "../../i18n/formats";

/** Spec section 1: place rewards are merch credit of $300, $200 and $100 for first to third. */
const MERCH_CREDIT_USD = [300, 200, 100] as const;

export function PrizesSection() {
  const { t, i18n } = useTranslation("landing");
  const money = numberFormat(i18n.language, { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  return (
    <section id="prizes" className={`${section.section} ${section.alt}`} aria-labelledby="prizes-title">
      <div className={section.container}>
        <SectionHeading id="prizes-title" title={t("prizes.title")} lead={t("prizes.lead")} />
        <div className={styles.grid}>
          <article className={`${styles.card} ${styles.feature}`}>
            <img className={styles.bike} src={bikeImage} alt="" aria-hidden="true" />
            <h3 className={styles.cardTitle}>{t("prizes.bikeTitle")}</h3>
            <p className={styles.cardText}>{t("prizes.bikeText")}</p>
          </article>
          <article className={styles.card}>
            <img className={styles.icon} src={passImage} alt="" aria-hidden="true" />
            <h3 className={styles.cardTitle}>{t("prizes.paddockTitle")}</h3>
            <p className={styles.cardText}>{t("prizes.paddockText")}</p>
          </article>
          <article className={styles.card}>
            <img className={styles.icon} src={trophyImage} alt={t("prizes.trophyAlt")} />
            <h3 className={styles.cardTitle}>{t("prizes.merchTitle")}</h3>
            <p className={styles.cardText}>{t("prizes.merchText")}</p>
            <ol className={styles.podium}>
              {MERCH_CREDIT_USD.map((amount, index) => (
                <li key={amount} className={styles.place}>
                  <span className={styles.placeLabel}>{t(`prizes.place${index + 1}`)}</span>
                  <span className={styles.amount}>{money.format(amount)}</span>
                </li>
              ))}
            </ol>
          </article>
        </div>
      </div>
    </section>
  );
}
