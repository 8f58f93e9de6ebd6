import { useTranslation } from "react-i18next";
import { buttonClass } from "../../ui/Button";
import { SectionHeading } from "./SectionHeading";
import { useLinks } from "../../api/system";
import section from "./Section.module.css";
import styles from "./SponsorsSection.module.css";

const perks = ["perk1", "perk2", "perk3"] as const;

/** What sponsors get, with a way to reach the team; no partner logos are shown until real partners exist. */
export function SponsorsSection() {
  const { t } = useTranslation("landing");
  const links = useLinks();
  return (
    <section id="sponsors" className={`${section.section} ${section.alt}`} aria-labelledby="sponsors-title">
      <div className={`${section.container} ${styles.layout}`}>
        <div>
          <SectionHeading id="sponsors-title" title={t("sponsors.title")} lead={t("sponsors.text")} />
          {links.data ? (
            <a
              className={buttonClass({ variant: "primary", size: "md" })}
              href={links.data.contact}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t("sponsors.button")}
              <span className="visually-hidden"> ({t("media.newTab")})</span>
            </a>
          ) : null}
        </div>
        <ul className={styles.perks}>
          {perks.map((perk, index) => (
            <li key={perk} className={styles.perk}>
              <span className={styles.slot} aria-hidden="true">
                {index + 1}
              </span>
              {t(`sponsors.${perk}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
