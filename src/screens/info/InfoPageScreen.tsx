import { useTranslation } from "react-i18next";
import type { Links } from "../../../contract/system";
import { useLinks } from "../../api/system";
import { isInternalHref, SiteLink } from "../../ui/SiteLink";
import page from "../../ui/Page.module.css";
import styles from "./InfoPageScreen.module.css";

export type InfoPage = "terms" | "privacy" | "about" | "contact";

/** How many sections each page has (`info:<page>.s<n>t` titles and `info:<page>.s<n>` texts in every locale). */
const sectionCount: Record<InfoPage, number> = { terms: 4, privacy: 5, about: 3, contact: 3 };

const pageLinks: readonly { key: keyof Links; labelKey: string }[] = [
  { key: "terms", labelKey: "common:footer.terms" },
  { key: "privacy", labelKey: "common:footer.privacy" },
  { key: "about", labelKey: "common:footer.about" },
  { key: "contact", labelKey: "common:footer.contact" },
  { key: "helpCentre", labelKey: "common:footer.faqs" },
];

const socialLinks: readonly { key: keyof Links; name: string }[] = [
  { key: "facebook", name: "Facebook" },
  { key: "discord", name: "Discord" },
  { key: "twitter", name: "X / Twitter" },
  { key: "instagram", name: "Instagram" },
  { key: "youtube", name: "YouTube" },
];

/**
 * Terms, privacy policy, about and contact: real pages of the product, translated. An operator who keeps one of them
 * elsewhere sets LINK_<NAME>; the footer then links there, and this page (reached by an old bookmark) says where it went.
 */
export default function InfoPageScreen({ page: which }: { page: InfoPage }) {
  const { t } = useTranslation(["info", "common"]);
  const links = useLinks().data;
  const title = t(`${which}.title`);
  const elsewhere = links && !isInternalHref(links[which]) ? links[which] : null;
  const sections = Array.from({ length: sectionCount[which] }, (_, i) => i + 1);
  return (
    <div className={page.page}>
      <h1 className={page.title}>{title}</h1>
      {elsewhere ? (
        <>
          <p className={page.lead}>{t("moved")}</p>
          <p className={styles.moved}>
            <SiteLink href={elsewhere}>{t("movedLink", { title })}</SiteLink>
          </p>
        </>
      ) : (
        <>
          <p className={page.lead}>{t(`${which}.lead`)}</p>
          {sections.map((n) => (
            <section key={n} className={styles.section} aria-labelledby={`info-${which}-${n}`}>
              <h2 id={`info-${which}-${n}`} className={styles.sectionTitle}>
                {t(`${which}.s${n}t`)}
              </h2>
              <p className={styles.text}>{t(`${which}.s${n}`)}</p>
              {which === "contact" && n === 1 && links ? (
                <p className={styles.text}>
                  <SiteLink href={links.helpCentre}>{t("contact.helpLink")}</SiteLink>
                </p>
              ) : null}
              {which === "contact" && n === 2 && links ? (
                <ul className={styles.social}>
                  {socialLinks.map((s) => (
                    <li key={s.key}>
                      <SiteLink href={links[s.key]}>{s.name}</SiteLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </>
      )}
      {links ? (
        <nav className={styles.nav} aria-label={t("nav")}>
          <ul>
            {pageLinks
              .filter((l) => l.key !== which)
              .map((l) => (
                <li key={l.key}>
                  <SiteLink href={links[l.key]}>{t(l.labelKey)}</SiteLink>
                </li>
              ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
