import type { Country } from "../../../contract/system";

// ISO 3166 region codes that CLDR names but that are not countries a player lives in.
const notCountries = new Set(["EU", "EZ", "UN", "QO", "XA", "XB", "ZZ", "AC", "CP", "DG", "EA", "IC", "TA", "CQ"]);

/** Every country Node's ICU knows, with its English name and flag emoji. */
export function listCountries(): Country[] {
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const out: Country[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (notCountries.has(code)) continue;
      // Withdrawn codes (DY for Benin, UK, SU, YU, ZR…) are aliases ICU still names: only the code a
      // region canonicalises to is listed, so every country appears once, with its own flag.
      if (new Intl.Locale(`und-${code}`).region !== code) continue;
      const name = names.of(code);
      if (!name || name === code) continue;
      const sign = String.fromCodePoint(0x1f1e6 + a - 65, 0x1f1e6 + b - 65);
      out.push({ code, name, sign });
    }
  }
  return out.toSorted((x, y) => x.name.localeCompare(y.name, "en"));
}
