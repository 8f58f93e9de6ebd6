import { useTranslation } from "react-i18next";
import type { RaceRider } from "../../contract/races";
import styles from "./RiderRoleTag.module.css";

/**
 * A rider's role in the race when they are not one of its main riders (game-rules.md "The entry list changes"): a
 * small "Substitute" / "Wildcard" tag for the eye; screen readers hear what it means instead.
 */
export function RiderRoleTag({ role }: { role: RaceRider["role"] }) {
  const { t } = useTranslation("riders");
  if (role === "MAIN") return null;
  return (
    <span className={styles.tag} data-testid="rider-role" data-role={role}>
      <span aria-hidden="true">{t(`role.${role}`)}</span>
      <span className="visually-hidden">{t(`raceRole.${role}`)}</span>
    </span>
  );
}
