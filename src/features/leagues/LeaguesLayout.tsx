import type { ReactNode } from "react";
import styles from "./leagues.module.css";

/** The frame of every leagues screen: the content's width, its padding and the gap between its parts. */
export function LeaguesPage({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

/** The top of a leagues screen: what goes above the title (a back link, a badge), the title, the lead, then `children` (the tabs). */
export function LeaguesHeading({
  title,
  lead,
  above,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  above?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={styles.header}>
      {above}
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children}
    </div>
  );
}

/** A titled section of a leagues screen, with an action beside its title when it has one ("see all"). */
export function LeaguesSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={styles.sectionTitle}>
      {title}
    </h2>
  );
  return (
    <section className={styles.section} aria-labelledby={id}>
      {action ? (
        <div className={styles.sectionHead}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
