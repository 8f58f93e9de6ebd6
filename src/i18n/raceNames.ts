import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/**
 * A Grand Prix's key in the raceNames namespace: its English name as the server sends it, lowercased, accents
 * dropped, every run of other characters a hyphen ("Grand Prix of the Americas" → "grand-prix-of-the-americas").
 */
export const raceNameKey = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Race names are operator data in English; a known Grand Prix reads in the player's language, and a race the
 * operator named themselves stays exactly as typed.
 */
export function translateRaceName(t: TFunction<string>, name: string): string {
  const key = raceNameKey(name);
  if (!key) return name;
  return t(`raceNames:${key}`, { defaultValue: name, interpolation: { skipOnVariables: true } }) as string;
}

/** `(name) => name in the player's language`, for every place a race's name is shown. */
export function useRaceName(): (name: string) => string {
  const { t } = useTranslation("raceNames");
  return useCallback((name: string) => translateRaceName(t as TFunction<string>, name), [t]);
}
