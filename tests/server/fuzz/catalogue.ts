// Every route the server answers, for the fuzz test: the contract's call catalogue, plus the few routes
// that are not JSON calls (pictures, upload bytes, the social sign-in redirects). The fuzz test also checks
// that nothing the app serves is missing from this list.
import type * as z from "zod";
import { authCalls, systemCalls, usersCalls, type Call, type Method } from "../../../contract/calls";
import { devDiamondsCalls, diamondsCalls } from "../../../contract/calls.diamonds";
import { devLeaguesCalls, leaguesCalls } from "../../../contract/calls.leagues";
import { devNotificationsCalls, notificationsCalls } from "../../../contract/calls.notifications";
import { predictionsCalls } from "../../../contract/calls.predictions";
import { racesCalls, ridersCalls } from "../../../contract/calls.races";
import { adminCalls, resultsCalls } from "../../../contract/calls.results";
import { uploadsCalls, UPLOAD_PATH } from "../../../contract/calls.uploads";
import { devCalls } from "../../../contract/dev";

export type Route = {
  name: string;
  method: Method;
  path: string;
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Multipart form (POST /s3) instead of JSON. */
  multipart?: boolean;
  /** Takes the operators' header instead of a player's token. */
  admin?: boolean;
};

const areas: Record<string, Record<string, Call>> = {
  auth: authCalls,
  users: usersCalls,
  system: systemCalls,
  diamonds: diamondsCalls,
  devDiamonds: devDiamondsCalls,
  leagues: leaguesCalls,
  devLeagues: devLeaguesCalls,
  notifications: notificationsCalls,
  devNotifications: devNotificationsCalls,
  predictions: predictionsCalls,
  races: racesCalls,
  riders: ridersCalls,
  results: resultsCalls,
  admin: adminCalls,
  uploads: uploadsCalls,
  dev: devCalls,
};

const fromCatalogue: Route[] = Object.entries(areas).flatMap(([area, calls]) =>
  Object.entries(calls).map(([name, c]) => ({
    name: `${area}.${name}`,
    method: c.method,
    path: c.path,
    auth: c.auth,
    body: c.body,
    query: c.query,
    multipart: c === uploadsCalls.upload,
    admin: area === "admin",
  })),
);

const outsideCatalogue: Route[] = [
  { name: "pictures.rider", method: "GET", path: "/pictures/riders/:id.svg", auth: false },
  { name: "pictures.team", method: "GET", path: "/pictures/teams/:id.svg", auth: false },
  { name: "pictures.track", method: "GET", path: "/pictures/tracks/:id.svg", auth: false },
  { name: "uploads.bytes", method: "GET", path: UPLOAD_PATH, auth: false },
  { name: "social.start", method: "GET", path: "/auth/social/:provider", auth: false },
  { name: "social.callback", method: "GET", path: "/auth/social/:provider/callback", auth: false },
];

export const routes: Route[] = [...fromCatalogue, ...outsideCatalogue];
