import { useTranslation } from "react-i18next";
import { useAnalyticsSettings, useSaveAnalyticsSettings } from "../../api/analytics";
import { Checkbox } from "../../ui/Checkbox";
import styles from "./ProfileScreen.module.css";

/** The player's analytics opt-out, on their own profile. Saved at once; the reporter follows it. */
export function AnalyticsChoice({ userId }: { userId: string }) {
  const { t } = useTranslation("staff");
  const settings = useAnalyticsSettings(userId);
  const save = useSaveAnalyticsSettings(userId);
  return (
    <section className={styles.privacy} aria-labelledby="analytics-choice">
      <h2 id="analytics-choice" className="visually-hidden">
        {t("privacy.title")}
      </h2>
      <Checkbox
        label={t("privacy.optOut")}
        checked={settings.data?.optedOut ?? false}
        disabled={!settings.data || save.isPending}
        aria-describedby="analytics-choice-hint"
        error={settings.isError || save.isError ? t("privacy.error") : null}
        onChange={(e) => save.mutate({ optedOut: e.target.checked })}
      />
      <p id="analytics-choice-hint">{t("privacy.hint")}</p>
    </section>
  );
}
