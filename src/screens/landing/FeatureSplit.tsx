import { useTranslation } from "react-i18next";
import section from "./Section.module.css";
import styles from "./FeatureSplit.module.css";

export type FeatureSplitProps = {
  id: string;
  /** Key prefix in the landing namespace: `<ns>.title`, `<ns>.text`, `<ns>.imageAlt`. */
  ns: "anywhere" | "endorsed" | "guru" | "paddock";
  image: string;
  points?: readonly string[];
  /** Shows `<ns>.badge` above the title. */
  badge?: boolean;
  reverse?: boolean;
};

/** A landing section with an illustration on one side and its story on the other. */
export function FeatureSplit({ id, ns, image, points = [], badge = false, reverse = false }: FeatureSplitProps) {
  const { t } = useTranslation("landing");
  return (
    <section id={id} className={section.section} aria-labelledby={`${id}-title`}>
      <div className={`${section.container} ${styles.split} ${reverse ? styles.reverse : ""}`}>
        <div className={styles.visual}>
          <img src={image} alt={t(`${ns}.imageAlt`)} className={styles.image} />
        </div>
        <div className={styles.copy}>
          {badge ? <p className={styles.badge}>{t(`${ns}.badge`)}</p> : null}
          <h2 id={`${id}-title`} className={section.title}>
            {t(`${ns}.title`)}
          </h2>
          <p className={styles.text}>{t(`${ns}.text`)}</p>
          {points.length > 0 ? (
            <ul className={styles.points}>
              {points.map((point) => (
                <li key={point}>{t(`${ns}.${point}`)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
