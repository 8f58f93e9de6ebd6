import type { Tokens } from "../../contract/auth";
import type { ErrorBody } from "../../contract/common";
import type { Profile } from "../../contract/users";

export const tokens: Tokens = { accessToken: "access-1", refreshToken: "refresh-1" };

export const profile: Profile = {
  id: "u1",
  img: null,
  name: "Rossi46",
  stat: { points: 12, average: 3, wins: 1, podiums: 2, poles: 0 },
  country: "IT",
  bio: null,
  favourites: { rider: null, manufacturer: null, circuit: null },
  twitter: null,
  instagram: null,
  isGuru: false,
  isFavorite: false,
  createdAt: "2025-03-01T10:00:00.000Z",
  email: "rossi@example.com",
  noteEmail: null,
  walletAddress: null,
  address: null,
  zipCode: null,
  city: null,
  phone: null,
  mustChangePassword: false,
};

export const wrongPassword: ErrorBody = {
  statusCode: 401,
  code: "invalidCredentials",
  message: "Wrong e-mail or password",
};
/** What the API client rejects with for an HTTP error. */
export const apiError = (body: ErrorBody) => ({ body });

export const signUpBody = {
  name: "Rossi46",
  email: "rossi@example.com",
  password: "Secret-46!",
  confirmPassword: "Secret-46!",
  agree: true as const,
  lng: "it",
};
