// Kept apart from contract/store.ts (zod) so that the router, loaded by the landing, does not pull zod in.
/** The built-in sandbox provider's checkout page in the SPA (its approve link points here). */
export const SANDBOX_CHECKOUT_PATH = "/checkout/sandbox";
