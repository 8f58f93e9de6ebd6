import { dateFormat, numberFormat } from "../../i18n/formats";

/** A price in the player's language and the pack's currency ("$4.99", "4,99 $US"). */
export const formatPrice = (language: string, cents: number, currency: string) =>
  numberFormat(language, { style: "currency", currency }).format(cents / 100);
/** One whole unit of the currency ("$1", "1 €"). */
export const formatUnit = (language: string, currency: string) =>
  numberFormat(language, { style: "currency", currency, maximumFractionDigits: 0 }).format(1);
export const formatNumber = (language: string, n: number, maxFraction = 0) =>
  numberFormat(language, { maximumFractionDigits: maxFraction }).format(n);
/** Date and time of an order or a ledger entry, in the player's language and time zone. */
export const formatWhen = (language: string, iso: string) =>
  dateFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
