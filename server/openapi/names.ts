import * as z from "zod";
import * as auth from "../../contract/auth";
import * as bets from "../../contract/bets";
import * as callsDiamonds from "../../contract/calls.diamonds";
import * as callsLeagues from "../../contract/calls.leagues";
import * as callsNotifications from "../../contract/calls.notifications";
import * as callsSocial from "../../contract/calls.social";
import * as callsUploads from "../../contract/calls.uploads";
import * as common from "../../contract/common";
import * as dev from "../../contract/dev";
import * as diamonds from "../../contract/diamonds";
import * as enums from "../../contract/enums";
import * as leagues from "../../contract/leagues";
import * as live from "../../contract/live";
import * as notifications from "../../contract/notifications";
import * as predictions from "../../contract/predictions";
import * as questions from "../../contract/questions";
import * as races from "../../contract/races";
import * as results from "../../contract/results";
import * as system from "../../contract/system";
import * as users from "../../contract/users";

/** The contract's modules whose exported schemas give the document's component names. */
const modules: Record<string, Record<string, unknown>> = {
  auth,
  bets,
  callsDiamonds,
  callsLeagues,
  callsNotifications,
  callsSocial,
  callsUploads,
  common,
  dev,
  diamonds,
  enums,
  leagues,
  live,
  notifications,
  predictions,
  questions,
  races,
  results,
  system,
  users,
};

// Strings, numbers and their pipes stay inline: a `$ref` to `Id` says less than `{ type: string }`.
const NAMED_KINDS = new Set(["object", "enum", "union", "intersection", "record"]);

/**
 * Names for the contract's schemas: each exported object, enum or union under its export name, so the document's
 * components read like the contract (`League`, `RacePrediction`). A schema built inline in a call (`paged(League)`)
 * has no name and stays inline. Two modules exporting different schemas under one name: the later one is
 * prefixed with its module's name.
 */
export function contractSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  for (const [moduleName, exports] of Object.entries(modules)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || names.has(value) || !NAMED_KINDS.has(value.def.type)) continue;
      const name = taken.has(exportName) ? `${moduleName}${exportName}` : exportName;
      names.set(value, name);
      taken.add(name);
    }
  }
  return names;
}
