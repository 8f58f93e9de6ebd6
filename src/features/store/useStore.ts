import { useSelector } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { PurchaseRef } from "../../../machines/store.machine";
import type { storeMachine } from "../../../machines/store.machine";
import { storeActor } from "./storeActor";

type Snapshot = SnapshotFrom<typeof storeMachine>;
const selectPurchase = (s: Snapshot) => s.context.purchase;

/** The purchase the Store's owner runs now, if any. */
export const usePurchaseRef = (): PurchaseRef | null => useSelector(storeActor, selectPurchase);

export const buyPack = (dPackId: string) => storeActor.send({ type: "store.buy", dPackId });
export const returnFromProvider = (ref: string, cancelled: boolean) =>
  storeActor.send({ type: "store.return", ref, cancelled });
export const dismissPurchase = () => storeActor.send({ type: "store.dismiss" });
