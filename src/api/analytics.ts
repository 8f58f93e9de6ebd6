import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnalyticsSettings, PageViewBody, TransitionBatch } from "../../contract/analytics";
import { analyticsCalls as calls } from "../../contract/calls.analytics";
import { API_PREFIX } from "../../contract/calls";
import { request } from "./client";
import { readTokens } from "./tokens";

// The analytics calls. Reports go out with a plain keepalive fetch: they must not move the app's loading
// flag, start a token refresh, or be lost when the page closes; a refused report is simply dropped.

async function report(path: string, body: TransitionBatch | PageViewBody): Promise<void> {
  const { accessToken } = readTokens();
  try {
    await fetch(`${API_PREFIX}${path}`, {
      method: "POST",
      keepalive: true,
      headers: {
        "content-type": "application/json",
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    // Offline or closing: analytics are best effort.
  }
}

export const sendTransitions = (batch: TransitionBatch) => report(calls.transitions.path, batch);
export const sendPageView = (view: PageViewBody) => report(calls.pageView.path, view);

export const analyticsKeys = { settings: (userId: string) => ["analytics", "settings", userId] as const };

export const settingsQuery = (userId: string) =>
  queryOptions({
    queryKey: analyticsKeys.settings(userId),
    queryFn: ({ signal }) => request(calls.settings, { signal }),
  });
export const useAnalyticsSettings = (userId: string | undefined) =>
  useQuery({ ...settingsQuery(userId ?? ""), enabled: Boolean(userId) });

export function useSaveAnalyticsSettings(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalyticsSettings) => request(calls.saveSettings, { body }),
    onSuccess: (result) => client.setQueryData(analyticsKeys.settings(userId), result),
  });
}
