import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Invitation } from "../../../contract/leagues";
import { ApiError } from "../../api/client";
import { useInviteByEmail, useLeagueInviteLink } from "../../api/leagues";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import styles from "./InviteModal.module.css";

/** Splits what the owner typed into addresses: commas, semicolons, spaces or new lines. */
export const emailsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  ),
];

/** The Invite modal: e-mail invitations (POST /leagues/manage/{id}/invitations) and the league's invite link. */
export default function InviteModal({ entry }: ModalComponentProps<"Invite">) {
  const { t } = useTranslation("leagues");
  const { leagueId } = entry.props;
  const [text, setText] = useState("");
  const [checked, setChecked] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const link = useLeagueInviteLink(leagueId);
  const invite = useInviteByEmail(leagueId);
  const failure = invite.error;
  const error =
    checked ??
    (failure
      ? t(`errors:${failure instanceof ApiError ? failure.code : "somethingWentWrong"}`, {
          defaultValue: failure instanceof ApiError ? failure.message : undefined,
        })
      : null);
  // How many addresses the last sending went to, until the owner types again.
  const sent = invite.isSuccess ? invite.variables.length : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const emails = emailsOf(text);
    const result = Invitation.safeParse({ emails });
    setChecked(
      result.success ? null : t(`errors:${result.error.issues[0]?.message === "email" ? "email" : "required"}`),
    );
    invite.reset();
    if (result.success) invite.mutate(emails, { onSuccess: () => setText("") });
  }

  async function copy() {
    if (!link.data) return;
    try {
      await navigator.clipboard.writeText(link.data.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className={styles.body}>
      <form onSubmit={submit} noValidate className={styles.form}>
        <TextField
          label={t("invite.emails")}
          multiline
          rows={3}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (invite.isSuccess) invite.reset();
          }}
          error={error}
          hint={t("invite.emailsHint")}
        />
        <Button type="submit" loading={invite.isPending} block>
          {t("invite.send")}
        </Button>
        <p aria-live="polite" className={styles.sent}>
          {sent !== null ? t("invite.sent", { total: sent }) : null}
        </p>
      </form>
      <div className={styles.link}>
        <p className={styles.linkTitle}>{t("invite.linkTitle")}</p>
        {link.isPending ? <Spinner size="sm" label={t("loading")} /> : null}
        {link.isError ? <p className={styles.error}>{t("loadError")}</p> : null}
        {link.data ? (
          <div className={styles.linkRow}>
            <input
              readOnly
              value={link.data.link}
              aria-label={t("invite.linkTitle")}
              className={styles.linkInput}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              {copied ? t("invite.copied") : t("invite.copy")}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
