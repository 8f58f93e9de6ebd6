import { assign, createActor, fromPromise } from "xstate";
import { donationMachine, type DonateInput } from "../../../machines/donation.machine";
import { purchaseMachine } from "../../../machines/purchase.machine";
import { storeMachine } from "../../../machines/store.machine";
import type { DonationResult, PaymentOrder } from "../../../contract/store";
import { queryClient } from "../../api/queryClient";
import { cancelOrder, captureOrder, createOrder, donate, readOrder, refreshDiamonds, storeKeys } from "../../api/store";
import { flushFlows, observeFlows } from "../../runtime/flowReporter";
import { authActor } from "../../runtime/appActor";
import { modals } from "../../runtime/hooks";

// The Store's owner with the real services: the API, the query cache, the browser's redirect to the payment
// provider and the Processing modal. Created once, at module level (React StrictMode would start a component's
// actor twice); the screen sends it the player's choices and the provider's return.

const me = () => authActor.getSnapshot().context.profile?.id ?? "";
const PROCESSING_ID = "store-processing";

const livePurchase = purchaseMachine.provide({
  actors: {
    createOrder: fromPromise<PaymentOrder, { dPackId: string }>(({ input }) => createOrder(input.dPackId)),
    readOrder: fromPromise<PaymentOrder, { ref: string }>(({ input }) => readOrder(input.ref)),
    captureOrder: fromPromise<PaymentOrder, { ref: string }>(({ input }) => captureOrder(input.ref)),
    cancelOrder: fromPromise<PaymentOrder, { ref: string }>(({ input }) => cancelOrder(input.ref)),
  },
  actions: {
    goToProvider: (_, params: { url: string }) => {
      if (!params.url) return;
      // What this page counted goes out before the browser leaves for the provider (the analytics' transition counts): after
      // this transition has been counted too, so on the next task.
      const url = params.url;
      setTimeout(() => {
        flushFlows();
        window.location.assign(url);
      }, 0);
    },
    // Spec modal kind Processing: no close button, no outside click, while the purchase works.
    showProcessing: () =>
      void modals.open("Processing", {}, { id: PROCESSING_ID, closeOnOutside: false, showClose: false }),
    hideProcessing: () => modals.close(PROCESSING_ID),
    credited: () => void refreshDiamonds(queryClient, me()),
    orderSettled: () => void queryClient.invalidateQueries({ queryKey: storeKeys.orders(me()) }),
  },
});

export const storeActor = createActor(storeMachine.provide({ actors: { purchase: livePurchase } }), {
  inspect: observeFlows,
});
storeActor.start();

/** The donation flow with the real API; the profile's Donate panel runs one per recipient. */
export const liveDonation = donationMachine.provide({
  actors: {
    donate: fromPromise<DonationResult, DonateInput>(({ input }) =>
      donate({ data: { toUserId: input.toUserId, amount: input.amount }, idempotencyKey: input.idempotencyKey }),
    ),
  },
  actions: {
    newKey: assign({ key: () => crypto.randomUUID() }),
    donated: () => void refreshDiamonds(queryClient, me()),
  },
});
