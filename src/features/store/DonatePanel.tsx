import { useMachine } from "@xstate/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { storeNumbers } from "../../../contract/storeRules";
import { useBalance } from "../../api/diamonds";
import { observeFlows } from "../../runtime/flowReporter";
import { paths } from "../../config/paths";
import { Button } from "../../ui/Button";
import { Diamond } from "../../ui/Diamond";
import { TextField } from "../../ui/TextField";
import { liveDonation } from "./storeActor";
import styles from "./store.module.css";

type Props = { fromUserId: string; toUserId: string; toName: string; balance: number };

function DonationFlow({ fromUserId, toUserId, toName, balance }: Props) {
  const { t } = useTranslation("store");
  const [state, send] = useMachine(liveDonation, { input: { fromUserId, toUserId, balance }, inspect: observeFlows });
  useEffect(() => send({ type: "donation.balance", balance }), [balance, send]);
  const { amount, error, result } = state.context;
  const errorText = error ? t(`errors:${error.code}`, { defaultValue: error.message }) : null;

  if (state.hasTag("confirming")) {
    return (
      <div className={styles.donate}>
        <p>{t("donate.confirm", { amount, name: toName })}</p>
        <div className={styles.row}>
          <Button className={styles.cta} onClick={() => send({ type: "donation.send" })}>
            {t("donate.send")}
          </Button>
          <Button variant="secondary" onClick={() => send({ type: "donation.back" })}>
            {t("donate.back")}
          </Button>
        </div>
      </div>
    );
  }
  if (state.hasTag("sending")) {
    return (
      <div className={styles.donate} role="status">
        <Button className={styles.cta} loading disabled>
          {t("donate.sending")}
        </Button>
      </div>
    );
  }
  if (state.hasTag("done")) {
    return (
      <div className={styles.donate} role="status">
        <p data-testid="donation-done">{t("donate.done", { amount: result?.amount ?? amount, name: toName })}</p>
        <Button variant="secondary" onClick={() => send({ type: "donation.again" })}>
          {t("donate.again")}
        </Button>
      </div>
    );
  }
  if (state.hasTag("failed")) {
    return (
      <div className={styles.donate}>
        <p role="alert" className={styles.error}>
          {errorText}
        </p>
        <div className={styles.row}>
          <Button className={styles.cta} onClick={() => send({ type: "donation.retry" })}>
            {t("errors:tryAgain")}
          </Button>
          <Button variant="secondary" onClick={() => send({ type: "donation.back" })}>
            {t("donate.back")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    // The rules' own message says what is wrong (the browser's check would stop the form with only its tooltip).
    <form
      className={styles.donate}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: "donation.confirm" });
      }}
    >
      <TextField
        label={t("donate.amount")}
        type="number"
        inputMode="numeric"
        min={storeNumbers.minDonation}
        step={1}
        value={Number.isFinite(amount) ? amount : ""}
        onChange={(e) => send({ type: "donation.amount", amount: e.currentTarget.valueAsNumber })}
        error={state.hasTag("insufficient") ? null : errorText}
        hint={t("donate.hint", { min: storeNumbers.minDonation, balance })}
      />
      {state.hasTag("insufficient") ? (
        <p role="alert" className={styles.error}>
          {t("errors:notEnoughDiamonds")}{" "}
          <Link href={paths.shop} className={styles.inlineLink}>
            {t("donate.buy")}
          </Link>
        </p>
      ) : null}
      <Button className={styles.cta} type="submit">
        {t("donate.continue")}
      </Button>
    </form>
  );
}

/** A Donate button on another player's profile: opens the donation flow (the contract's rules, the real API). */
export function DonatePanel({ fromUserId, toUserId, toName }: Omit<Props, "balance">) {
  const { t } = useTranslation("store");
  const [open, setOpen] = useState(false);
  const balance = useBalance(fromUserId);
  return (
    <div className={styles.donateBox} data-testid="donate">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((v) => !v)} icon={<Diamond />}>
        {t("donate.button")}
      </Button>
      {open && balance.data ? (
        <DonationFlow
          fromUserId={fromUserId}
          toUserId={toUserId}
          toName={toName}
          balance={Number(balance.data.balance)}
        />
      ) : null}
    </div>
  );
}
