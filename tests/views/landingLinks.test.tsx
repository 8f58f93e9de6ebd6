import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authActor, modalActor, runtimeArrived } from "../../src/runtime/appActor";
import { LanguagePicker } from "../../src/ui/LanguagePicker";
import { useViewportHeight } from "../../src/app/layout/useViewportHeight";
import { i18n } from "../../src/i18n/i18n";
import { json, profileFixture } from "./fixtures";
import { renderWithApp, resetApp, signInForTest, stubApi } from "./renderWithApp";

// The app machine answers the landing's links and the session once the runtime has arrived (src/app/AppRuntime.tsx).
beforeAll(runtimeArrived);
afterEach(resetApp);

const top = () => modalActor.getSnapshot().context.stack.at(-1);

describe("query `token` on / confirms the e-mail", () => {
  it("confirms, stores the returned tokens and signs in", async () => {
    const fetchMock = stubApi((path) =>
      path === "/api/auth/sign-up/confirm"
        ? json(200, { result: { accessToken: "a", refreshToken: "r", isNew: true } })
        : undefined,
    );
    renderWithApp(null, { path: "/", search: "token=abc123" });
    await vi.waitFor(() => expect(authActor.getSnapshot().matches("signedIn")).toBe(true));
    const confirmCall = fetchMock.mock.calls.find(([input]) =>
      String(input instanceof Request ? input.url : input).endsWith("/sign-up/confirm"),
    );
    expect(confirmCall).toBeTruthy();
    expect(sessionStorage.getItem("accessToken")).toBe("a");
  });

  it("a dead link tells the player why", async () => {
    stubApi((path) =>
      path === "/api/auth/sign-up/confirm"
        ? json(400, { statusCode: 400, code: "invalidToken", message: "This link is invalid or has expired" })
        : undefined,
    );
    renderWithApp(null, { path: "/", search: "token=dead" });
    await vi.waitFor(() => expect(top()?.kind).toBe("Confirmation"));
    const entry = top();
    expect(entry?.kind === "Confirmation" && entry.props.text).toBe("This link is invalid or has expired");
  });
});

describe("query state=recovery opens the password-recovery modal", () => {
  it("opens RecoveryPassword with the e-mail from the query", async () => {
    stubApi();
    renderWithApp(null, { path: "/", search: "state=recovery&email=marco%40example.com" });
    await vi.waitFor(() => expect(top()?.kind).toBe("RecoveryPassword"));
    expect(top()?.props).toEqual({ email: "marco@example.com" });
  });
});

describe("social sign-in handshake", () => {
  it("the popup stores accessToken, refreshToken and isNew under 'social' and closes itself", () => {
    stubApi();
    const close = vi.spyOn(window, "close").mockImplementation(() => {});
    renderWithApp(null, { path: "/", search: "accessToken=a1&refreshToken=r1&isNew=true" });
    expect(JSON.parse(localStorage.getItem("social") ?? "null")).toEqual({
      accessToken: "a1",
      refreshToken: "r1",
      isNew: true,
    });
    expect(close).toHaveBeenCalled();
    close.mockRestore();
  });

  it("the opener picks the result up from the storage event and signs in", async () => {
    stubApi();
    renderWithApp(null, { path: "/" });
    const value = JSON.stringify({ accessToken: "a2", refreshToken: "r2", isNew: false });
    localStorage.setItem("social", value);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "social", newValue: value }));
    });
    await vi.waitFor(() => expect(authActor.getSnapshot().matches("signedIn")).toBe(true));
    expect(localStorage.getItem("social")).toBeNull();
  });
});

describe("a forced password change opens ChangePassword, which cannot be dismissed", () => {
  it("opens un-closeable ChangePassword with the spec's message when the profile says mustChangePassword", async () => {
    await signInForTest({ ...profileFixture, mustChangePassword: true });
    renderWithApp(null);
    expect(top()?.kind).toBe("ChangePassword");
    expect(top()?.options).toMatchObject({ closeOnOutside: false, showClose: false });
    expect(top()?.props).toEqual({ forced: true });
  });
});

describe("the language picker: 15 languages, the choice stored locally", () => {
  it("lists every language in its own name and switches to the chosen one", async () => {
    stubApi();
    renderWithApp(<LanguagePicker />);
    fireEvent.click(screen.getByRole("button", { name: /^EN \(Language: English\. Change language\)$/ }));
    const options = screen.getAllByRole("button").filter((b) => b.hasAttribute("lang"));
    expect(options).toHaveLength(15);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Deutsch" }));
      await vi.waitFor(() => expect(i18n.resolvedLanguage).toBe("de"));
    });
    expect(localStorage.getItem("lng")).toBe("de");
    expect(document.documentElement.lang).toBe("de");
    await act(() => i18n.changeLanguage("en"));
  });
});

function ViewportProbe() {
  useViewportHeight();
  return null;
}

describe("on screens of 575px or less, --vh is 1% of the window height", () => {
  it("sets --vh at 375px and follows resizes", () => {
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 375 });
    Object.defineProperty(window, "innerHeight", { configurable: true, value: 700 });
    renderWithApp(<ViewportProbe />);
    expect(document.documentElement.style.getPropertyValue("--vh")).toBe("7px");
    Object.defineProperty(window, "innerHeight", { configurable: true, value: 600 });
    act(() => {
      window.dispatchEvent(new Event("resize"));
    });
    expect(document.documentElement.style.getPropertyValue("--vh")).toBe("6px");
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 1280 });
    act(() => {
      window.dispatchEvent(new Event("resize"));
    });
    expect(document.documentElement.style.getPropertyValue("--vh")).toBe("");
  });
});
