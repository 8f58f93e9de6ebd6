import { useTranslation } from "react-i18next";
import type { Links } from "../../../contract/system";
import { Logo } from "../../ui/Logo";
import { SiteLink } from "../../ui/SiteLink";
import { useLinks } from "../../api/system";
import styles from "./Footer.module.css";

const legal: readonly { key: keyof Links; labelKey: string }[] = [
  { key: "terms", labelKey: "footer.terms" },
  { key: "privacy", labelKey: "footer.privacy" },
  { key: "about", labelKey: "footer.about" },
  { key: "contact", labelKey: "footer.contact" },
  { key: "helpCentre", labelKey: "footer.faqs" },
];

const social: readonly { key: keyof Links; name: string; path: string }[] = [
  { key: "facebook", name: "Facebook", path: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z" },
  {
    key: "discord",
    name: "Discord",
    path: "M8 8c3-1 5-1 8 0l1 1c1 2 2 5 2 8-1 1-3 2-4 2l-1-2m-4 0-1 2c-1 0-3-1-4-2 0-3 1-6 2-8l1-1M9 14h.01M15 14h.01",
  },
  { key: "twitter", name: "X / Twitter", path: "M4 4l16 16M20 4 4 20" },
  {
    key: "instagram",
    name: "Instagram",
    path: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01",
  },
  {
    key: "youtube",
    name: "YouTube",
    path: "M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8zm7 1v6l5-3-5-3z",
  },
];

// Read once per page load: the footer's year need not tick over at midnight on New Year's Eve.
const currentYear = new Date().getFullYear();

/**
 * Spec: "The footer links to terms, privacy policy, about, contact and FAQs (external help centre)." Each is a page
 * of the product (/terms, /privacy, /about, /contact, /faq) unless the operator set another address (LINK_<NAME>).
 */
export function Footer() {
  const { t } = useTranslation("common");
  const links = useLinks().data;
  return (
    <footer className={styles.footer}>
      <div className={styles.kerb} aria-hidden="true" />
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.label")}>
          <ul className={styles.links}>
            {legal.map((item) => (
              <li key={item.key}>
                {links ? (
                  <SiteLink href={links[item.key]}>{t(item.labelKey)}</SiteLink>
                ) : (
                  <span className={styles.pending}>{t(item.labelKey)}</span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <ul className={styles.social} aria-label={t("footer.social")}>
          {social.map((item) => (
            <li key={item.key}>
              <a
                href={links?.[item.key] ?? "#"}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t("footer.followOn", { network: item.name })}
                className={styles.socialLink}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d={item.path} />
                </svg>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className={styles.copy}>{t("footer.copyright", { year: currentYear })}</p>
    </footer>
  );
}
