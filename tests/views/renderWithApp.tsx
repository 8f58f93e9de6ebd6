import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { queryClient } from "../../src/api/queryClient";
import { authActor, modalActor } from "../../src/runtime/appActor";
import { useNavigationBridge } from "../../src/runtime/navigation";
import { json, profileFixture } from "./fixtures";
import type { Profile } from "../../contract/users";

/** Renders inside the app's providers with an in-memory location; `location()` reads where the app went. */
export function renderWithApp(ui: ReactNode, { path = "/", search = "" }: { path?: string; search?: string } = {}) {
  const memory = memoryLocation({ path: search ? `${path}?${search}` : path, record: true });
  // The app's own client, as in production: the feature actors follow its cache. Each render starts empty.
  const client = queryClient;
  client.clear();
  const result = render(
    <QueryClientProvider client={client}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <NavigationBridge />
        {ui}
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, memory, location: () => memory.history.at(-1) };
}

/** Answers every call: the profile for /users/profile, 404 for anything else, unless `extra` handles it. */
export function stubApi(
  extra: (path: string, request: Request) => Response | undefined = () => undefined,
  profile: Profile = profileFixture,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const answer = extra(path, request);
    if (answer) return answer;
    if (path === "/api/users/profile") return json(200, { result: profile });
    return json(404, { statusCode: 404, code: "notFound", message: "Not found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Signs in through the auth actor the way the social handshake does, against the stubbed API. */
export async function signInForTest(profile: Profile = profileFixture) {
  stubApi(undefined, profile);
  authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
  await vi.waitFor(() => {
    if (!authActor.getSnapshot().matches("signedIn")) throw new Error("not signed in yet");
  });
}

/** Back to a clean guest without any network. */
export function resetApp() {
  if (authActor.getSnapshot().context.profile) authActor.send({ type: "auth.session.expired" });
  modalActor.send({ type: "modal.closeAll" });
  vi.unstubAllGlobals();
}

/** The memory location handed to the app's actors: the app's own Router is the browser's location, which they follow themselves. */
function NavigationBridge() {
  useNavigationBridge();
  return null;
}
