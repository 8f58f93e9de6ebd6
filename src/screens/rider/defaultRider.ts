import type { RiderOption } from "../../../contract/races";

const norm = (s: string) => s.trim().replace(/^#/, "").toLowerCase();

/**
 * The rider /rider opens on: the player's favourite (the profile keeps it as free text: an id, a name or a race
 * number), else the first of the list.
 */
export function defaultRiderId(
  options: readonly RiderOption[],
  favourite: string | null | undefined,
): string | undefined {
  const wanted = favourite ? norm(favourite) : "";
  const match = wanted
    ? options.find(
        (o) => o.id.toLowerCase() === wanted || o.name.toLowerCase() === wanted || String(o.number) === wanted,
      )
    : undefined;
  return (match ?? options[0])?.id;
}
