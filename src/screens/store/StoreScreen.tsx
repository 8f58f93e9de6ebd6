import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { translateRaceName } from "../../i18n/raceNames";
import { useLocation, useSearch } from "wouter";
import { DiamondReason, type DiamondEntry } from "../../../contract/calls.diamonds";
import type { StorePack } from "../../../contract/store";
import { diamondsPerUnit } from "../../../contract/storeRules";
import type { PurchaseRef } from "../../../machines/store.machine";
import { useBalance } from "../../api/diamonds";
import { useOrders, usePacks, useStoreHistory } from "../../api/store";
import { useProfile } from "../../runtime/hooks";
import { paths, queryKeys } from "../../config/paths";
import { formatNumber, formatPrice, formatUnit, formatWhen } from "../../features/store/format";
import { buyPack, dismissPurchase, returnFromProvider, usePurchaseRef } from "../../features/store/useStore";
import styles from "./store.module.css";
import { Button } from "../../ui/Button";
import { Diamond } from "../../ui/Diamond";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";

/** What the purchase came to: credited, canceled, the provider still waiting for the payer, or a failure to retry. */
function PurchaseOutcome({ purchase }: { purchase: PurchaseRef }) {
  const { t } = useTranslation("store");
  const snap = useSelector(purchase, (s) => s);
  const order = snap.context.order;
  let text: string;
  let actions: React.ReactNode = (
    <Button variant="secondary" onClick={dismissPurchase}>
      {t("outcome.dismiss")}
    </Button>
  );
  if (snap.hasTag("working")) return null;
  if (snap.hasTag("approving")) text = t("outcome.approving");
  else if (snap.hasTag("completed")) text = t("outcome.completed", { diamonds: order?.diamonds ?? 0 });
  else if (snap.hasTag("voided")) text = t("outcome.voided");
  else if (snap.hasTag("payerAction")) {
    text = t("outcome.payerAction");
    actions = (
      <>
        <Button
          className={styles.cta}
          disabled={!order?.approveUrl}
          onClick={() => purchase.send({ type: "purchase.continue" })}
        >
          {t("outcome.continue")}
        </Button>
        <Button variant="secondary" onClick={() => purchase.send({ type: "purchase.cancel" })}>
          {t("outcome.cancel")}
        </Button>
        {/* Paid in another tab or window: read the order again. */}
        <Button variant="secondary" onClick={() => purchase.send({ type: "purchase.retry" })}>
          {t("errors:tryAgain")}
        </Button>
      </>
    );
  } else {
    const error = snap.context.error;
    text = error ? t(`errors:${error.code}`, { defaultValue: error.message }) : t("errors:somethingWentWrong");
    actions = (
      <>
        <Button className={styles.cta} onClick={() => purchase.send({ type: "purchase.retry" })}>
          {t("errors:tryAgain")}
        </Button>
        <Button variant="secondary" onClick={dismissPurchase}>
          {t("outcome.dismiss")}
        </Button>
      </>
    );
  }
  const tone = snap.hasTag("completed") ? styles.success : snap.hasTag("failed") ? styles.failure : "";
  return (
    <section className={`${styles.outcome} ${tone}`} aria-live="polite" data-testid="purchase-outcome">
      <p className={styles.outcomeText}>{text}</p>
      <div className={styles.row}>{actions}</div>
    </section>
  );
}

function PackCard({ pack, busy }: { pack: StorePack; busy: boolean }) {
  const { t, i18n } = useTranslation("store");
  const price = formatPrice(i18n.language, pack.priceCents, pack.currency);
  const diamonds = formatNumber(i18n.language, pack.diamonds);
  return (
    <li className={styles.pack}>
      <p className={styles.packDiamonds}>
        <Diamond /> {diamonds}
      </p>
      <p className={styles.packPrice}>{price}</p>
      <p className={styles.muted}>
        {t("packs.perUnit", {
          value: formatNumber(i18n.language, diamondsPerUnit(pack), 1),
          unit: formatUnit(i18n.language, pack.currency),
        })}
      </p>
      <Button
        className={styles.cta}
        block
        disabled={busy}
        onClick={() => buyPack(pack.dPackId)}
        aria-label={t("packs.buyLabel", { diamonds, price })}
      >
        {t("packs.buy")}
      </Button>
    </li>
  );
}

function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (p: number) => void;
  label: string;
}) {
  const { t } = useTranslation("store");
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("pager.previous")}
      </Button>
      <span>{t("pager.page", { page, pages })}</span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("pager.next")}
      </Button>
    </nav>
  );
}

function Orders({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation("store");
  const [page, setPage] = useState(1);
  const orders = useOrders(userId, page);
  let body;
  if (orders.isPending) body = <Spinner label={t("orders.loading")} />;
  else if (orders.isError)
    body = (
      <EmptyState
        title={t("orders.error")}
        action={
          <Button className={styles.cta} onClick={() => void orders.refetch()}>
            {t("errors:tryAgain")}
          </Button>
        }
      />
    );
  else if (orders.data.count === 0) body = <EmptyState title={t("errors:listEmpty")} text={t("orders.empty")} />;
  else {
    body = (
      <>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="store-orders">
          <table className={styles.table} data-testid="orders">
            <thead>
              <tr>
                <th scope="col">{t("orders.when")}</th>
                <th scope="col">{t("orders.pack")}</th>
                <th scope="col">{t("orders.price")}</th>
                <th scope="col">{t("orders.state")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.data.map((o) => (
                <tr key={o.id}>
                  <td>{formatWhen(i18n.language, o.createdAt)}</td>
                  <td>{t("orders.diamonds", { diamonds: formatNumber(i18n.language, o.diamonds) })}</td>
                  <td>{formatPrice(i18n.language, o.priceCents, o.currency)}</td>
                  <td>
                    <span className={styles.state} data-state={o.state}>
                      {t(`states.${o.state}`)}
                    </span>
                    <span className={styles.steps}>
                      {o.steps.map((s) => `${t(`states.${s.state}`)} ${formatWhen(i18n.language, s.at)}`).join(" → ")}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={orders.data.page} pages={orders.data.pages} onPage={setPage} label={t("orders.pager")} />
      </>
    );
  }
  return (
    <section className={styles.section}>
      <h2 id="store-orders" className={styles.sectionTitle}>
        {t("orders.title")}
      </h2>
      {body}
    </section>
  );
}

/** What an entry is about: the other player of a donation (from the giver, to the receiver), the race and the pick's category. */
function aboutText(t: TFunction<"store">, e: DiamondEntry): string {
  const about = e.about;
  if (!about) return "";
  const parts: string[] = [];
  if (about.user) parts.push(t(e.delta > 0 ? "history.from" : "history.to", { name: about.user.name }));
  if (about.race) parts.push(translateRaceName(t, about.race.name));
  if (about.category) parts.push(t(`predictions:category.${about.category}`));
  return parts.join(" · ");
}

function History({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation("store");
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState<DiamondReason | null>(null);
  const history = useStoreHistory(userId, page, reason);
  let body;
  if (history.isPending) body = <Spinner label={t("history.loading")} />;
  else if (history.isError)
    body = (
      <EmptyState
        title={t("history.error")}
        action={
          <Button className={styles.cta} onClick={() => void history.refetch()}>
            {t("errors:tryAgain")}
          </Button>
        }
      />
    );
  else if (history.data.count === 0) body = <EmptyState title={t("errors:listEmpty")} />;
  else {
    body = (
      <>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="store-history">
          <table className={styles.table} data-testid="history">
            <thead>
              <tr>
                <th scope="col">{t("history.when")}</th>
                <th scope="col">{t("history.reason")}</th>
                <th scope="col">{t("history.about")}</th>
                <th scope="col">{t("history.delta")}</th>
                <th scope="col">{t("history.balance")}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.data.map((e) => (
                <tr key={e.id}>
                  <td>{formatWhen(i18n.language, e.createdAt)}</td>
                  <td>{t(`reasons.${e.reason}`)}</td>
                  <td>{aboutText(t, e)}</td>
                  <td className={e.delta > 0 ? styles.plus : styles.minus}>
                    {e.delta > 0 ? `+${formatNumber(i18n.language, e.delta)}` : formatNumber(i18n.language, e.delta)}
                  </td>
                  <td>{e.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={history.data.page} pages={history.data.pages} onPage={setPage} label={t("history.pager")} />
      </>
    );
  }
  // The table's scrolling region is the landmark named by the heading (a named section too would repeat the name).
  return (
    <section className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id="store-history" className={styles.sectionTitle}>
          {t("history.title")}
        </h2>
        <label className={styles.filter}>
          <span>{t("history.filter")}</span>
          <select
            value={reason ?? ""}
            onChange={(e) => {
              const parsed = DiamondReason.safeParse(e.currentTarget.value);
              setReason(parsed.success ? parsed.data : null);
              setPage(1);
            }}
          >
            <option value="">{t("history.all")}</option>
            {DiamondReason.options.map((r) => (
              <option key={r} value={r}>
                {t(`reasons.${r}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {body}
    </section>
  );
}

/**
 * /shop: the diamond packs with their price and diamonds per unit of money, the purchase flow (the payment
 * provider's page, then back here with its token), the player's orders with their states, and the diamond history.
 */
export default function StoreScreen() {
  const { t } = useTranslation("store");
  const me = useProfile();
  const packs = usePacks();
  const balance = useBalance(me?.id);
  const purchase = usePurchaseRef();
  const busy = useSelector(purchase ?? undefined, (s) => s?.hasTag("working") ?? false);
  const search = useSearch();
  const [, navigate] = useLocation();

  // Back from the payment provider (PayPal's return URL carries `token`; its cancel URL `state=VOIDED` too).
  useEffect(() => {
    const q = new URLSearchParams(search);
    const token = q.get(queryKeys.token);
    if (!token) return;
    returnFromProvider(token, q.get(queryKeys.state) === "VOIDED");
    navigate(paths.shop, { replace: true });
  }, [search, navigate]);

  let packList;
  if (packs.isPending) packList = <Spinner size="lg" label={t("packs.loading")} />;
  else if (packs.isError)
    packList = (
      <EmptyState
        title={t("packs.error")}
        action={
          <Button className={styles.cta} onClick={() => void packs.refetch()}>
            {t("errors:tryAgain")}
          </Button>
        }
      />
    );
  else if (packs.data.length === 0) packList = <EmptyState title={t("packs.empty")} />;
  else {
    packList = (
      <ul className={styles.packs} aria-label={t("packs.title")}>
        {packs.data.map((p) => (
          <PackCard key={p.dPackId} pack={p} busy={busy} />
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t("title")}</h1>
          <p className={styles.muted}>{t("lead")}</p>
        </div>
        {balance.data ? (
          <p className={styles.balance}>
            <span className="visually-hidden">{t("balanceLabel")}</span>
            <Diamond /> <span data-testid="store-balance">{balance.data.balance}</span>
          </p>
        ) : null}
      </header>
      {purchase ? <PurchaseOutcome purchase={purchase} /> : null}
      <section className={styles.section} aria-labelledby="store-packs">
        <h2 id="store-packs" className={styles.sectionTitle}>
          {t("packs.title")}
        </h2>
        {packList}
      </section>
      {me ? <Orders userId={me.id} /> : null}
      {me ? <History userId={me.id} /> : null}
    </div>
  );
}
