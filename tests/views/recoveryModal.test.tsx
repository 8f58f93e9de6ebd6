import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { authActor } from "../../src/runtime/appActor";
import { modals } from "../../src/runtime/hooks";
import { ModalHost } from "../../src/app/ModalHost";
import { json } from "./fixtures";
import { renderWithApp, resetApp, stubApi } from "./renderWithApp";

afterEach(() => {
  if (authActor.getSnapshot().matches("recovery")) authActor.send({ type: "auth.recovery.cancel" });
  resetApp();
});

const ok = json(200, { result: { ok: true } });

describe("password recovery: e-mail → code → new password → done, driven by the auth machine", () => {
  it("walks every step, shows 'Invalid confirmation code' and keeps the typed code on a wrong one", async () => {
    stubApi((path) =>
      path === "/api/auth/recovery/send-code" || path === "/api/auth/recovery/new-password" ? ok.clone() : undefined,
    );
    // The validate answer depends on the code sent, so this one reads the body.
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (new URL(request.url).pathname === "/api/auth/recovery/validate") {
        const body = (await request.clone().json()) as { code: string };
        return body.code === "123456"
          ? ok.clone()
          : json(400, {
              statusCode: 400,
              code: "invalidConfirmationCode",
              message: "Invalid confirmation code",
              fields: { code: { code: "invalidConfirmationCode", params: {}, message: "Invalid confirmation code" } },
            });
      }
      return realFetch(request);
    }) as typeof fetch;

    renderWithApp(<ModalHost />);
    act(() => {
      modals.open("RecoveryPassword", { email: "marco@example.com" });
    });
    const email = (await screen.findByLabelText("E-mail")) as HTMLInputElement;
    expect(email.value).toBe("marco@example.com");
    expect(authActor.getSnapshot().matches({ recovery: "enterEmail" })).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    const code = (await screen.findByLabelText("Confirmation code")) as HTMLInputElement;
    expect(screen.getByText(/marco@example\.com/)).toBeTruthy();

    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Check code" }));
    expect(await screen.findByText("Invalid confirmation code")).toBeTruthy();
    expect((screen.getByLabelText("Confirmation code") as HTMLInputElement).value).toBe("000000");

    fireEvent.change(screen.getByLabelText("Confirmation code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Check code" }));
    const password = await screen.findByLabelText("New password");
    fireEvent.change(password, { target: { value: "New-pass1!" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "New-pass1?" } });
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    expect(await screen.findByText("Passwords must match")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "New-pass1!" } });
    fireEvent.click(screen.getByRole("button", { name: "Save password" }));
    expect(await screen.findByText("Password changed")).toBeTruthy();
    expect(authActor.getSnapshot().matches({ recovery: "done" })).toBe(true);
  });
});
