import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { InviteLink } from "../../../machines/leagueJoin.machine";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { startInviteLink, useLinkFlow } from "../../features/leagues/seatsActor";
import type { LeagueJoinRef } from "../../../machines/leagueSeats.machine";
import styles from "./InviteLinkPanel.module.css";

/** Uses an invite link once (POST /leagues/link/use) and goes to its league; on failure says why. */
export function InviteLinkPanel({ link }: { link: InviteLink }) {
  const flow = useLinkFlow();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    startInviteLink(link);
  }, [link]);
  return flow ? <LinkState flow={flow} /> : <Using />;
}

function LinkState({ flow }: { flow: LeagueJoinRef }) {
  const { t } = useTranslation("leagues");
  const failed = useSelector(flow, (s) => s.hasTag("linkFailed"));
  const error = useSelector(flow, (s) => s.context.error);
  if (failed) {
    return (
      <section className={styles.panel} aria-live="polite">
        <h2 className={styles.title}>{t("link.failedTitle")}</h2>
        <p className={styles.text}>{error?.message ?? t("errors:somethingWentWrong")}</p>
        {error?.statusCode === 509 ? null : (
          <Button onClick={() => flow.send({ type: "link.retry" })}>{t("errors:tryAgain")}</Button>
        )}
      </section>
    );
  }
  return <Using />;
}

function Using() {
  const { t } = useTranslation("leagues");
  return (
    <section className={styles.panel} aria-live="polite">
      <Spinner label={t("link.using")} />
      <p className={styles.text}>{t("link.using")}</p>
    </section>
  );
}
