import * as Dialog from "@radix-ui/react-dialog";
import { useSelector } from "@xstate/react";
import { useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PurchaseRef } from "../../../machines/store.machine";
import { HostTitleContext } from "../../ui/modal/ModalTitle";
import { Spinner } from "../../ui/Spinner";
import { usePurchaseRef } from "./useStore";
import styles from "./store.module.css";

/** What the purchase is doing names the dialog (the modal opens without a title), unless the host was given one. */
function StepText({ children }: { children: ReactNode }) {
  const text = <p className={styles.processingText}>{children}</p>;
  return useContext(HostTitleContext) ? text : <Dialog.Title asChild>{text}</Dialog.Title>;
}

/** The working step's tag names its line: placing the order, checking it, capturing the payment, or cancelling. */
const STEPS = ["creating", "capturing", "cancelling", "checking"] as const;

function PurchaseProgress({ purchase }: { purchase: PurchaseRef }) {
  const { t } = useTranslation("store");
  const key = useSelector(purchase, (s) => STEPS.find((step) => s.hasTag(step)) ?? "checking");
  return (
    <div className={styles.processing} role="status" aria-live="polite">
      <Spinner size="lg" decorative />
      <StepText>{t(`processing.${key}`)}</StepText>
      <p className={styles.muted}>{t("processing.wait")}</p>
    </div>
  );
}

/** The spec's Processing modal: what the purchase is doing while the player waits (no close button). */
export default function ProcessingModal() {
  const { t } = useTranslation("store");
  const purchase = usePurchaseRef();
  return purchase ? (
    <PurchaseProgress purchase={purchase} />
  ) : (
    <div className={styles.processing} role="status">
      <Spinner size="lg" decorative />
      <StepText>{t("processing.checking")}</StepText>
    </div>
  );
}
