import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { Button } from "../../ui/Button";
import { CloseIcon, HeartIcon, MenuIcon, TrophyIcon } from "../../ui/icons";
import { Logo } from "../../ui/Logo";
import { modals, useAppLoading, useShownProfile, useShownSessionPending } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { LanguagePicker } from "../../ui/LanguagePicker";
import { NotificationsBell } from "./notifications/NotificationsBell";
import { isActive, navItems } from "./navItems";
import { ProfileMenu } from "./ProfileMenu";
import { useCloseAboveBreakpoint } from "./useCloseAboveBreakpoint";
import styles from "./Header.module.css";
import { HeaderBalance } from "../../features/store/HeaderBalance";

function NavLinks({ onNavigate, variant }: { onNavigate?: () => void; variant: "bar" | "drawer" }) {
  const { t } = useTranslation("common");
  const [location] = useLocation();
  return (
    <ul className={variant === "bar" ? styles.navList : styles.drawerList}>
      {navItems.map((item) => {
        const active = isActive(location, item.screen);
        return (
          <li key={item.screen}>
            <Link
              href={paths[item.screen]}
              className={`${styles.navLink} ${active ? styles.active : ""}`}
              aria-current={active ? "page" : undefined}
              onClick={onNavigate}
            >
              {t(item.labelKey)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The global loading flag: a thin sweep over the kerb while any request runs. Its own component: the flag flips with
 * every request, and only the sweep re-renders then, not the whole header.
 */
function LoadingSweep() {
  return useAppLoading() ? <div className={styles.progress} aria-hidden="true" data-testid="global-loading" /> : null;
}

/** Spec section 2's header, for guests and for signed-in players. */
export function Header() {
  const { t } = useTranslation("common");
  const profile = useShownProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useCloseAboveBreakpoint(menuOpen, closeMenu);
  const points = profile?.stat.points ?? 0;
  // A stored session being restored (its profile call may wait for the first screen's paint): the avatar's
  // place is held, not filled with "Log in" for a player who is signed in.
  const pending = useShownSessionPending();

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link href={paths.predictions} className={styles.logo} aria-label={t("logoLink")}>
          <Logo wordClassName={styles.logoWord} />
        </Link>

        <nav className={styles.nav} aria-label={t("nav.label")}>
          <NavLinks variant="bar" />
        </nav>

        <div className={styles.tools}>
          {profile ? (
            <>
              <p className={styles.points}>
                <TrophyIcon size={18} />
                <span className={styles.pointsLabel}>{t("earnedPoints")}</span>
                <strong>{points}</strong>
              </p>
              <HeaderBalance userId={profile.id} />
              <Link href={paths.favorites} className={styles.iconButton} aria-label={t("favorites")}>
                <HeartIcon />
              </Link>
              <NotificationsBell />
            </>
          ) : null}
          <div className={styles.language}>
            <LanguagePicker />
          </div>
          {profile ? (
            <ProfileMenu profile={profile} />
          ) : pending ? (
            <span className={styles.sessionPending} aria-hidden="true" data-testid="session-pending" />
          ) : (
            <Button size="sm" onClick={() => modals.open("SignIn")}>
              {t("logIn")}
            </Button>
          )}
          <button
            type="button"
            className={`${styles.iconButton} ${styles.burger}`}
            aria-expanded={menuOpen}
            aria-controls="header-drawer"
            aria-label={menuOpen ? t("menu.close") : t("menu.open")}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <div className={styles.kerb} aria-hidden="true" />
      <LoadingSweep />
      {menuOpen ? (
        <nav id="header-drawer" className={styles.drawer} aria-label={t("nav.label")}>
          {profile ? (
            <p className={styles.drawerPoints}>
              <TrophyIcon size={18} />
              <span>{t("earnedPoints")}</span>
              <strong>{points}</strong>
            </p>
          ) : null}
          <NavLinks variant="drawer" onNavigate={closeMenu} />
          <div className={styles.drawerLanguage}>
            <LanguagePicker align="start" />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
