/** A rider matches a search by part of the name (any case, any accents) or by the exact number. */
export function matchesRider(rider: { name: string; number: number }, text: string): boolean {
  const query = fold(text.trim());
  if (!query) return true;
  if (/^\d+$/.test(query)) return String(rider.number) === String(Number(query));
  return fold(rider.name).includes(query);
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
