import * as z from "zod";
import { call } from "./calls";
import { Ok } from "./common";
import { IdsPayload, NotificationType } from "./live";
import { Notification, NotificationValue } from "./notifications";

/** Stored notifications over REST, so nothing is lost while a player is offline (the socket carries the same changes live). */
export const notificationsCalls = {
  list: call({
    method: "GET",
    path: "/notifications",
    auth: true,
    query: z.object({ take: z.coerce.number().int().min(1).max(200).optional() }),
    result: z.array(Notification),
  }),
  read: call({ method: "PUT", path: "/notifications/read", auth: true, body: IdsPayload, result: Ok }),
  deleteOne: call({ method: "DELETE", path: "/notifications/:id", auth: true, result: Ok }),
  deleteMany: call({ method: "POST", path: "/notifications/delete", auth: true, body: IdsPayload, result: Ok }),
  deleteAll: call({ method: "DELETE", path: "/notifications", auth: true, result: Ok }),
} as const;

/** Development only (never served in production): publish a stored notification, as another module would. */
export const DevNotifyBody = z.object({
  userId: z.string().uuid(),
  type: NotificationType,
  value: NotificationValue.default({}),
});
export const devNotificationsCalls = {
  notify: call({
    method: "POST",
    path: "/dev/notify",
    auth: false,
    body: DevNotifyBody,
    result: Ok,
    errors: { 404: ["notFound"] },
  }),
} as const;
