import { useQueryClient } from "@tanstack/react-query";
import { useMachine } from "@xstate/react";
import { fromPromise } from "xstate";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import type { SandboxCheckout } from "../../../contract/store";
import { sandboxCheckoutMachine, type CheckoutStep } from "../../../machines/sandboxCheckout.machine";
import { sandboxStep, storeKeys, useSandboxCheckout } from "../../api/store";
import { observeFlows } from "../../runtime/flowReporter";
import { paths, queryKeys } from "../../config/paths";
import { formatPrice } from "../../features/store/format";
import styles from "./store.module.css";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";

/**
 * The built-in sandbox payment provider's checkout (test mode, no real money): the payer pays, passes the 3-D Secure
 * step (PAYER_ACTION_REQUIRED) or cancels, then goes back to the Store like PayPal sends them back.
 */
export default function SandboxCheckoutScreen() {
  const { t, i18n } = useTranslation("store");
  const token = new URLSearchParams(useSearch()).get(queryKeys.token);
  const checkout = useSandboxCheckout(token);
  const client = useQueryClient();
  const [flow, send] = useMachine(
    sandboxCheckoutMachine.provide({
      actors: {
        runStep: fromPromise<SandboxCheckout, { step: CheckoutStep }>(({ input }) =>
          sandboxStep(token ?? "", input.step),
        ),
      },
      actions: {
        store: (_, p: { checkout: SandboxCheckout }) =>
          client.setQueryData(storeKeys.checkout(p.checkout.token), p.checkout),
        refresh: () => void checkout.refetch(),
        leave: (_, p: { checkout: SandboxCheckout }) =>
          window.location.assign(p.checkout.state === "VOIDED" ? p.checkout.cancelUrl : p.checkout.returnUrl),
      },
    }),
    { inspect: observeFlows },
  );
  const busy = !flow.hasTag("ready");
  const doing = (s: CheckoutStep) => busy && flow.context.last === s;
  const step = (s: CheckoutStep) => send({ type: "checkout.step", step: s });

  let body;
  if (!token) body = <EmptyState title={t("errors:notFound")} />;
  else if (checkout.isPending) body = <Spinner size="lg" label={t("sandbox.loading")} />;
  else if (checkout.isError)
    body = (
      <EmptyState
        title={t("sandbox.error")}
        action={
          <Button className={styles.cta} onClick={() => void checkout.refetch()}>
            {t("errors:tryAgain")}
          </Button>
        }
      />
    );
  else {
    const c = checkout.data;
    const price = formatPrice(i18n.language, c.priceCents, c.currency);
    const error = flow.context.error
      ? t(`errors:${flow.context.error.code}`, { defaultValue: flow.context.error.message })
      : null;
    let panel;
    if (c.state === "CREATED" || c.state === "SAVED") {
      panel = (
        <>
          <p>{t("sandbox.card")}</p>
          <div className={styles.row}>
            <Button className={styles.cta} loading={doing("approve")} disabled={busy} onClick={() => step("approve")}>
              {t("sandbox.pay", { price })}
            </Button>
            <Button variant="secondary" loading={doing("cancel")} disabled={busy} onClick={() => step("cancel")}>
              {t("sandbox.cancel")}
            </Button>
          </div>
        </>
      );
    } else if (c.state === "PAYER_ACTION_REQUIRED") {
      panel = (
        <>
          <h2 className={styles.sectionTitle}>{t("sandbox.secureTitle")}</h2>
          <p>{t("sandbox.secureText", { price })}</p>
          <div className={styles.row}>
            <Button
              className={styles.cta}
              loading={doing("authenticate")}
              disabled={busy}
              onClick={() => step("authenticate")}
            >
              {t("sandbox.secureConfirm")}
            </Button>
            <Button variant="secondary" loading={doing("cancel")} disabled={busy} onClick={() => step("cancel")}>
              {t("sandbox.cancel")}
            </Button>
          </div>
        </>
      );
    } else if (c.state === "APPROVED") {
      panel = (
        <a className={`${buttonClass({})} ${styles.cta}`} href={c.returnUrl}>
          {t("sandbox.back")}
        </a>
      );
    } else {
      panel = (
        <>
          <p>{t(`states.${c.state}`)}</p>
          <Link className={buttonClass({ variant: "secondary" })} href={paths.shop}>
            {t("sandbox.toStore")}
          </Link>
        </>
      );
    }
    body = (
      <section className={styles.checkout} aria-labelledby="sandbox-title">
        <p className={styles.badge}>{t("sandbox.badge")}</p>
        <h1 id="sandbox-title" className={styles.title}>
          {t("sandbox.title")}
        </h1>
        <p className={styles.checkoutPack} data-testid="checkout-pack">
          {t("orders.diamonds", { diamonds: c.diamonds })}
        </p>
        <p className={styles.checkoutPrice}>{price}</p>
        {panel}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </section>
    );
  }
  return <div className={styles.page}>{body}</div>;
}
