import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { InviteLink } from "../../../machines/leagueJoin.machine";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { useLeagueJoin } from "./useLeagueJoin";
import styles from "./InviteLinkPanel.module.css";

/** Uses an invite link once (POST /leagues/link/use) and goes to its league; on failure says why. */
export function InviteLinkPanel({ link }: { link: InviteLink }) {
  const { t } = useTranslation("leagues");
  const flow = useLeagueJoin(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    flow.send({ type: "link.use", data: link.data, signature: link.signature });
  }, [flow, link]);

  if (flow.status === "linkFailed") {
    return (
      <section className={styles.panel} aria-live="polite">
        <h2 className={styles.title}>{t("link.failedTitle")}</h2>
        <p className={styles.text}>{flow.error?.message ?? t("errors:somethingWentWrong")}</p>
        {flow.error?.statusCode === 509 ? null : (
          <Button onClick={() => flow.send({ type: "link.retry" })}>{t("errors:tryAgain")}</Button>
        )}
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-live="polite">
      <Spinner label={t("link.using")} />
      <p className={styles.text}>{t("link.using")}</p>
    </section>
  );
}
