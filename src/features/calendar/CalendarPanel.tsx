import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { useCalendarLink, useRevokeCalendarLink } from "../../api/calendar";
import { useModal } from "../../runtime/hooks";
import { Button, buttonClass } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import styles from "./calendar.module.css";

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : "somethingWentWrong");

/**
 * The player's own calendar feed on the Profile: the webcal:// address to copy or open in the device's calendar app,
 * what it reveals, and a revoke (confirmed first) that replaces it.
 */
export function CalendarPanel({ userId }: { userId: string }) {
  const { t } = useTranslation("profile");
  const modal = useModal();
  const link = useCalendarLink(userId);
  const revoke = useRevokeCalendarLink(userId);
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }

  async function confirmRevoke() {
    const answer = await modal.ask({
      text: t("calendar.revokeConfirm"),
      confirmLabel: t("calendar.revokeConfirmButton"),
    });
    if (answer !== "confirm") return;
    setCopied(null);
    revoke.mutate();
  }

  return (
    <section className={styles.panel} aria-labelledby="calendar-title" aria-busy={link.isPending || revoke.isPending}>
      <h2 id="calendar-title" className={styles.title}>
        {t("calendar.title")}
      </h2>
      <p className={styles.text}>{t("calendar.lead")}</p>
      {link.isPending ? <Spinner size="sm" label={t("calendar.loading")} /> : null}
      {link.isError ? (
        <div className={styles.row}>
          <p className={styles.error} role="alert">
            {t("calendar.loadError")} {t(`errors:${codeOf(link.error)}`)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void link.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : null}
      {link.data ? (
        <>
          <div className={styles.row}>
            <TextField
              className={styles.field}
              label={t("calendar.address")}
              value={link.data.webcal}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy(link.data.webcal)}>
              {t("calendar.copy")}
            </Button>
          </div>
          <p aria-live="polite" className={styles.status}>
            {copied === "yes" ? t("calendar.copied") : copied === "failed" ? t("calendar.copyFailed") : ""}
          </p>
          <div className={styles.row}>
            <a href={link.data.webcal} className={buttonClass({ variant: "primary" })}>
              {t("calendar.add")}
            </a>
            <Button variant="danger" onClick={() => void confirmRevoke()} loading={revoke.isPending}>
              {t("calendar.revoke")}
            </Button>
          </div>
          {revoke.isError ? (
            <p className={styles.error} role="alert">
              {t("calendar.revokeError")} {t(`errors:${codeOf(revoke.error)}`)}
            </p>
          ) : null}
          <p aria-live="polite" className={styles.status}>
            {revoke.isSuccess ? t("calendar.revoked") : ""}
          </p>
        </>
      ) : null}
      <p className={styles.text}>{t("calendar.reveals")}</p>
    </section>
  );
}
