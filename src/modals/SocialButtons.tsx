import { useTranslation } from "react-i18next";
import { API_PREFIX } from "../../contract/calls";
import { useSocialProviders } from "../api/auth";
import { Button } from "../ui/Button";
import styles from "../ui/modal/modal.module.css";

const POPUP_FEATURES = "popup=yes,width=520,height=680";

/** Only the providers the server has credentials for; the popup's result arrives through a storage event. */
export function SocialButtons() {
  const { t } = useTranslation("auth");
  const providers = useSocialProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <>
      <p className={styles.divider}>{t("social.or")}</p>
      <div className={styles.social}>
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            onClick={() => window.open(`${API_PREFIX}/auth/social/${provider}`, "social-sign-in", POPUP_FEATURES)}
          >
            {t(`social.${provider}`)}
          </Button>
        ))}
      </div>
    </>
  );
}
