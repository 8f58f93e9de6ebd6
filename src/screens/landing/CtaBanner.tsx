import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClass } from "../../ui/Button";
import trackImage from "../../assets/track.svg";
import section from "./Section.module.css";
import styles from "./CtaBanner.module.css";

export type CtaBannerProps = {
  id: string;
  ns: "getStarted" | "createLeague";
  /** Guarded routes send a guest home with the sign-in modal open and remember this target. */
  to: string;
  tone: "accent" | "dark";
};

export function CtaBanner({ id, ns, to, tone }: CtaBannerProps) {
  const { t } = useTranslation("landing");
  return (
    <section id={id} className={styles.wrap} aria-labelledby={`${id}-title`}>
      <div className={section.container}>
        <div className={`${styles.banner} ${styles[tone]}`}>
          <img className={styles.trackArt} src={trackImage} alt="" aria-hidden="true" />
          <div className={styles.copy}>
            <h2 id={`${id}-title`} className={styles.title}>
              {t(`${ns}.title`)}
            </h2>
            <p className={styles.text}>{t(`${ns}.text`)}</p>
          </div>
          <Link
            href={to}
            className={`${buttonClass({ variant: tone === "accent" ? "secondary" : "primary", size: "lg" })} ${styles.button}`}
          >
            {t(`${ns}.button`)}
          </Link>
        </div>
      </div>
    </section>
  );
}
