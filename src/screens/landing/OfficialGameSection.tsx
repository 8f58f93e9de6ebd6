import { useTranslation } from "react-i18next";
import { SectionHeading } from "./SectionHeading";
import trackImage from "../../assets/track.svg";
import diamondImage from "../../assets/diamond.svg";
import trophyImage from "../../assets/trophy.svg";
import microphoneImage from "../../assets/microphone.svg";
import section from "./Section.module.css";
import styles from "./OfficialGameSection.module.css";
import { numberFormat } from "../../i18n/formats";

const steps = [
  { key: "predict", image: trackImage },
  { key: "bonus", image: microphoneImage },
  { key: "leagues", image: trophyImage },
  { key: "diamonds", image: diamondImage },
] as const;

/** How the game works, in the four ways a player scores. */
export function OfficialGameSection() {
  const { t, i18n } = useTranslation("landing");
  const number = numberFormat(i18n.language, { minimumIntegerDigits: 2 });
  return (
    <section id="how-it-works" className={section.section} aria-labelledby="official-title">
      <div className={section.container}>
        <SectionHeading id="official-title" title={t("official.title")} lead={t("official.lead")} />
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.key} className={styles.step}>
              <div className={styles.top}>
                <span className={styles.index} aria-hidden="true">
                  {number.format(index + 1)}
                </span>
                <img className={styles.icon} src={step.image} alt="" width={56} height={56} />
              </div>
              <h3 className={styles.stepTitle}>{t(`official.${step.key}Title`)}</h3>
              <p className={styles.stepText}>{t(`official.${step.key}Text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
