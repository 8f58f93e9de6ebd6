import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PublicProfile } from "../../../contract/users";
import { Avatar } from "../../ui/Avatar";
import { useCountries } from "../../api/system";
import styles from "./ProfileScreen.module.css";
import { dateFormat, numberFormat } from "../../i18n/formats";

const statKeys = ["points", "average", "wins", "podiums", "poles"] as const;
const favouriteKeys = [
  { key: "rider", label: "favouriteRider" },
  { key: "manufacturer", label: "favouriteManufacturer" },
  { key: "circuit", label: "favouriteCircuit" },
] as const;

/** A handle typed with or without '@', or a full URL, becomes the profile URL on that network. */
function socialUrl(network: "twitter" | "instagram", value: string) {
  if (/^https?:\/\//i.test(value)) return value;
  const handle = value.replace(/^@/, "");
  return network === "twitter"
    ? `https://twitter.com/${encodeURIComponent(handle)}`
    : `https://www.instagram.com/${encodeURIComponent(handle)}/`;
}
const handleOf = (value: string) =>
  /^https?:\/\//i.test(value) ? value.replace(/^https?:\/\/(www\.)?/i, "") : `@${value.replace(/^@/, "")}`;

export function ProfileView({ player, actions }: { player: PublicProfile; actions?: ReactNode }) {
  const { t, i18n } = useTranslation("profile");
  const countries = useCountries();
  const country = player.country ? countries.data?.find((c) => c.code === player.country) : undefined;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const since = dateFormat(i18n.language, { month: "long", year: "numeric" }).format(new Date(player.createdAt));
  const socials = (["twitter", "instagram"] as const).filter((n) => player[n]);
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="profile-name">
        <div className={styles.avatar}>
          <Avatar name={player.name} src={player.img} size={112} decorative />
        </div>
        <div className={styles.identity}>
          <div className={styles.nameRow}>
            <h1 id="profile-name" className={styles.name}>
              {player.name}
            </h1>
            {player.isGuru ? <span className={styles.guru}>{t("guru")}</span> : null}
          </div>
          <p className={styles.meta}>
            {country ? (
              <span className={styles.country}>
                <span aria-hidden="true">{country.sign}</span> {country.name}
              </span>
            ) : (
              <span>{player.country ?? t("noCountry")}</span>
            )}
            <span aria-hidden="true" className={styles.dot}>
              •
            </span>
            <span>{t("memberSince", { date: since })}</span>
          </p>
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </section>

      <section aria-labelledby="profile-stats">
        <h2 id="profile-stats" className="visually-hidden">
          {t("statsTitle")}
        </h2>
        <dl className={styles.stats}>
          {statKeys.map((key) => (
            <div key={key} className={`${styles.stat} ${key === "points" ? styles.statMain : ""}`}>
              <dt className={styles.statLabel}>{t(key)}</dt>
              <dd className={styles.statValue}>{number.format(player.stat[key])}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="profile-bio">
          <h2 id="profile-bio" className={styles.cardTitle}>
            {t("bioTitle")}
          </h2>
          <p className={player.bio ? styles.bio : styles.muted}>{player.bio || t("noBio")}</p>
          <h2 className={styles.cardTitle}>{t("socialTitle")}</h2>
          {socials.length ? (
            <ul className={styles.socials}>
              {socials.map((network) => {
                const value = player[network]!;
                const handle = handleOf(value);
                return (
                  <li key={network}>
                    <a
                      className={styles.social}
                      href={socialUrl(network, value)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t(`${network}Link`, { handle })}
                    >
                      {handle}
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={styles.muted}>{t("noSocial")}</p>
          )}
        </section>
        <section className={styles.card} aria-labelledby="profile-favourites">
          <h2 id="profile-favourites" className={styles.cardTitle}>
            {t("favouritesTitle")}
          </h2>
          <dl className={styles.favourites}>
            {favouriteKeys.map(({ key, label }) => (
              <div key={key} className={styles.favourite}>
                <dt>{t(label)}</dt>
                <dd className={player.favourites[key] ? undefined : styles.muted}>
                  {player.favourites[key] || t("notChosen")}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </div>
  );
}
