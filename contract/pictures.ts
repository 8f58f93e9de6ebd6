// Where the product's generated pictures (SVG) are served, under the API prefix. The server stores
// these paths in the image fields, so a page never shows a broken picture.

export const PICTURES_PREFIX = "/api/pictures";

export const picturePaths = {
  rider: (id: string) => `${PICTURES_PREFIX}/riders/${encodeURIComponent(id)}.svg`,
  team: (id: string) => `${PICTURES_PREFIX}/teams/${encodeURIComponent(id)}.svg`,
  track: (id: string) => `${PICTURES_PREFIX}/tracks/${encodeURIComponent(id)}.svg`,
} as const;

/** Initials of a team's name (at most 3 letters), shown on badges and team pictures. */
export function shortNameOf(name: string): string {
  const words = name.split(/[\s\-–]+/).filter((w) => /^\p{L}/u.test(w));
  const initials = words.map((w) => w[0]!.toLocaleUpperCase("en")).join("");
  return (initials.length >= 2 ? initials : name.replace(/\s+/g, "").slice(0, 3).toLocaleUpperCase("en")).slice(0, 3);
}
