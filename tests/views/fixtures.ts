import type { Profile } from "../../contract/users";

/** A complete profile as GET /users/profile answers it (tests only). */
export const profileFixture: Profile = {
  id: "u1",
  img: null,
  name: "Marco Rossi",
  stat: { points: 128, average: 4.2, wins: 3, podiums: 7, poles: 1 },
  country: "IT",
  bio: null,
  favourites: { rider: null, manufacturer: null, circuit: null },
  twitter: null,
  instagram: null,
  isGuru: false,
  isFavorite: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  email: "marco@example.com",
  noteEmail: null,
  walletAddress: null,
  address: null,
  zipCode: null,
  city: null,
  phone: null,
  mustChangePassword: false,
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A JWT-shaped token whose payload carries `exp` (signature irrelevant to the client). */
const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

export function fakeJwt(expSeconds: number, sub = "u1") {
  return `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ sub, exp: expSeconds })}.signature`;
}
