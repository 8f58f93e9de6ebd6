import { useTranslation } from "react-i18next";
import { COMPLETION_REWARD_DIAMONDS, PREDICTIONS_PER_WEEKEND, categoryPoints } from "../../../contract/rules";
import { Button, buttonClass } from "../../ui/Button";
import { usePlayNow } from "./usePlayNow";
import bikeImage from "../../assets/rider-bike.svg";
import styles from "./LandingHero.module.css";
import { numberFormat } from "../../i18n/formats";

const maxPoints = Object.values(categoryPoints).reduce((sum, points) => sum + points, 0);
const facts = [
  { value: PREDICTIONS_PER_WEEKEND, key: "factPicks" },
  { value: COMPLETION_REWARD_DIAMONDS, key: "factDiamonds" },
  { value: maxPoints, key: "factPoints" },
] as const;

export function LandingHero() {
  const { t, i18n } = useTranslation("landing");
  const playNow = usePlayNow();
  const number = numberFormat(i18n.language);
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{t("hero.eyebrow")}</p>
          <h1 id="hero-title" className={styles.title}>
            {t("hero.title")}
          </h1>
          <p className={styles.lead}>{t("hero.lead")}</p>
          <div className={styles.ctas}>
            <Button size="lg" onClick={playNow}>
              {t("hero.playNow")}
            </Button>
            <a href="#how-it-works" className={buttonClass({ variant: "secondary", size: "lg" })}>
              {t("hero.howItWorks")}
            </a>
          </div>
          <dl className={styles.facts}>
            {facts.map((fact) => (
              <div key={fact.key} className={styles.fact}>
                <dt className={styles.factLabel}>{t(`hero.${fact.key}`)}</dt>
                <dd className={styles.factValue}>{number.format(fact.value)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className={styles.visual}>
          <img
            className={styles.bike}
            src={bikeImage}
            alt={t("hero.imageAlt")}
            width={640}
            height={400}
            fetchPriority="high"
          />
        </div>
      </div>
    </section>
  );
}
