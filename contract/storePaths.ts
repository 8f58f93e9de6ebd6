// Kept apart from contract/store.ts (zod) so that the router, loaded by the landing, does not pull zod in.
/** The built-in sandbox provider's checkout page in the SPA (its approve link points here). */
export const SANDBOX_CHECKOUT_PATH = "/checkout/sandbox";

/** The Store, where the payment provider sends the payer back (its return and cancel URLs, with the provider's token). */
export const STORE_PATH = "/shop";

/** Whether this address is the payer's return from the provider's page (the Store then checks the payment). */
export const isProviderReturn = (pathname: string, search: string) =>
  pathname === STORE_PATH && new URLSearchParams(search).has("token");
