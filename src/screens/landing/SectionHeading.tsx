import styles from "./Section.module.css";

export type SectionHeadingProps = { id: string; title: string; lead?: string; centered?: boolean };

export function SectionHeading({ id, title, lead, centered = false }: SectionHeadingProps) {
  return (
    <div className={`${styles.heading} ${centered ? styles.centered : ""}`}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </div>
  );
}
