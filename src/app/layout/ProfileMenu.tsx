import { useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Profile } from "../../../contract/users";
import { Avatar } from "../../ui/Avatar";
import { ChevronDownIcon, ExternalIcon } from "../../ui/icons";
import { authActor } from "../../runtime/appActor";
import { modals } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { isInternalHref } from "../../ui/SiteLink";
import { reportProblem } from "../../runtime/diagnostics";
import { useDismiss } from "../../ui/useDismiss";
import { useLinks } from "../../api/system";
import styles from "./ProfileMenu.module.css";

/** Spec: "The profile dropdown offers Profile, Help (external) and Sign Out." */
export function ProfileMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["common", "staff"]);
  const links = useLinks().data;
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, box, close, trigger);

  function askSignOut() {
    close();
    modals.open(
      "Confirmation",
      { text: t("signOut.question"), confirmLabel: t("signOut.confirm"), cancel: true },
      { reply: { to: authActor, confirm: { type: "auth.signOut" } } },
    );
  }

  /** "Report a problem": uploads the diagnostics bundle and shows the player the report's id for support. */
  async function askReport() {
    close();
    try {
      const id = await reportProblem();
      // A sentence with the report's number is a message, not a heading: set as the title it ran against the ✕.
      modals.open("Confirmation", { title: t("staff:report.action"), text: t("staff:report.sent", { id }) });
    } catch {
      modals.open("Confirmation", { title: t("staff:report.action"), text: t("staff:report.failed") });
    }
  }

  return (
    <div className={styles.menu} ref={box}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("profileMenu.open", { name: profile.name })}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={profile.name} src={profile.img} size={36} />
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        <ul id={menuId} className={styles.list}>
          <li className={styles.who}>
            <span className={styles.name}>{profile.name}</span>
            <span className={styles.email}>{profile.email}</span>
          </li>
          <li>
            <Link href={paths.profile} className={styles.item} onClick={close}>
              {t("profileMenu.profile")}
            </Link>
          </li>
          {links?.helpCentre ? (
            <li>
              {isInternalHref(links.helpCentre) ? (
                <Link href={links.helpCentre} className={styles.item} onClick={close}>
                  {t("profileMenu.help")}
                </Link>
              ) : (
                <a
                  href={links.helpCentre}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.item}
                  onClick={close}
                >
                  {t("profileMenu.help")}
                  <ExternalIcon size={14} />
                  <span className="visually-hidden">{t("opensInNewTab")}</span>
                </a>
              )}
            </li>
          ) : null}
          <li>
            <button type="button" className={styles.item} onClick={() => void askReport()}>
              {t("staff:report.action")}
            </button>
          </li>
          <li>
            <button type="button" className={`${styles.item} ${styles.signOut}`} onClick={askSignOut}>
              {t("profileMenu.signOut")}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
