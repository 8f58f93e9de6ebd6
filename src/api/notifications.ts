import { notificationsCalls } from "../../contract/calls.notifications";
import { LiveCommand } from "../../contract/live";
import { request } from "./client";
import { sendCommand } from "./live";

export const listNotifications = (signal?: AbortSignal) => request(notificationsCalls.list, { signal });

// Spec: the client sends "ids to delete or read" over the live channel; REST does the same when the
// socket is down, so a change is never lost.
export async function readNotifications(ids: string[]): Promise<void> {
  if (await sendCommand(LiveCommand.read, { ids })) return;
  await request(notificationsCalls.read, { body: { ids } });
}

export async function deleteNotifications(ids: string[]): Promise<void> {
  if (await sendCommand(LiveCommand.delete, { ids })) return;
  if (ids.length === 1) await request(notificationsCalls.deleteOne, { params: { id: ids[0]! } });
  else await request(notificationsCalls.deleteMany, { body: { ids } });
}

export async function deleteAllNotifications(): Promise<void> {
  if (await sendCommand(LiveCommand.deleteAll, {})) return;
  await request(notificationsCalls.deleteAll);
}
