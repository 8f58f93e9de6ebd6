import { call } from "./calls";
import {
  CommitDrawBody,
  DrawTicketsPage,
  DrawTicketsQuery,
  PrizeDraw,
  Prizes,
  PrizesQuery,
  RunDrawBody,
} from "./prizes";

const NOT_FOUND = { 404: ["notFound"] } as const;

// Spec section 7 "Other": GET /prizes (params). The published ticket list is public so anyone can check the draw.
export const prizesCalls = {
  prizes: call({ method: "GET", path: "/prizes", auth: true, query: PrizesQuery, result: Prizes, errors: NOT_FOUND }),
  /** The draw's ticket list in canonical order: frozen once drawn, the tickets so far before. */
  drawTickets: call({
    method: "GET",
    path: "/prizes/draw/tickets",
    auth: false,
    query: DrawTicketsQuery,
    result: DrawTicketsPage,
    errors: NOT_FOUND,
  }),
} as const;

/** Operators (the x-admin-token header): commit to a seed before the season, reveal it to draw. */
export const adminPrizesCalls = {
  commitDraw: call({
    method: "POST",
    path: "/admin/prizes/draw/commitment",
    auth: false,
    body: CommitDrawBody,
    result: PrizeDraw,
    errors: { ...NOT_FOUND, 409: ["drawAlreadyCommitted"] },
  }),
  /** Drawing again with the same seed answers the same draw (nothing changes). */
  runDraw: call({
    method: "POST",
    path: "/admin/prizes/draw",
    auth: false,
    body: RunDrawBody,
    result: PrizeDraw,
    errors: { 400: ["seedMismatch"], ...NOT_FOUND, 409: ["drawNotCommitted", "noDrawTickets"] },
  }),
} as const;
