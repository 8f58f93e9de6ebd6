import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useBalance } from "../../api/diamonds";
import { paths } from "../../config/paths";
import { Diamond } from "../../ui/Diamond";
import styles from "./store.module.css";

/** The signed-in player's diamond balance in the header, on every screen; the live channel keeps it current. */
export function HeaderBalance({ userId }: { userId: string }) {
  const { t } = useTranslation("store");
  const balance = useBalance(userId);
  if (!balance.data) return null;
  return (
    <Link
      href={paths.shop}
      className={styles.headerBalance}
      aria-label={t("header.balance", { balance: balance.data.balance })}
    >
      <Diamond />
      <span data-testid="header-balance" aria-live="polite">
        {balance.data.balance}
      </span>
    </Link>
  );
}
