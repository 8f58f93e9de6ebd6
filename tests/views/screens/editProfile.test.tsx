import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { authActor, modalActor } from "../../../src/runtime/appActor";
import { ModalHost } from "../../../src/app/ModalHost";
import EditProfileScreen from "../../../src/screens/editProfile/EditProfileScreen";
import { json, profileFixture } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "./stubRoutes";

afterEach(resetApp);

const countries = [{ code: "IT", name: "Italy", sign: "🇮🇹" }];

/** Signs in, then answers the edit screen's calls; `put` decides the PUT /users answer. */
async function openEditProfile(
  put: (body: Record<string, unknown>) => Response = (body) => json(200, { result: { ...profileFixture, ...body } }),
) {
  await signInForTest();
  const calls = stubRoutes(({ method, path, body }) => {
    if (path === "/api/system/countries") return json(200, { result: countries });
    if (path === "/api/users" && method === "PUT") return put(body as Record<string, unknown>);
    if (path === "/api/users" && method === "DELETE") return json(200, { result: { ok: true } });
    return undefined;
  });
  renderWithApp(
    <>
      <EditProfileScreen />
      <ModalHost />
    </>,
    { path: "/edit-profile" },
  );
  await screen.findByRole("option", { name: /Italy/ });
  const writes = () => calls.filter((c) => c.path === "/api/users" && c.method !== "GET");
  return { calls: writes };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("the wallet address must be an ETH address (spec section 5)", () => {
  it("shows 'It is not ETH address', keeps what was typed and sends nothing", async () => {
    const { calls } = await openEditProfile();
    fireEvent.change(field("Wallet address"), { target: { value: "0x123" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("It is not ETH address")).toBeTruthy();
    expect(field("Wallet address").value).toBe("0x123");
    expect(field("Wallet address").getAttribute("aria-invalid")).toBe("true");
    expect(calls()).toEqual([]);
  });

  it("accepts a real address and an empty one", async () => {
    const { calls } = await openEditProfile();
    fireEvent.change(field("Wallet address"), { target: { value: `0x${"a".repeat(40)}` } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText("Your profile has been saved.");
    expect(calls()[0]?.body).toMatchObject({ walletAddress: `0x${"a".repeat(40)}` });
  });
});

describe("field rules come from the contract schemas", () => {
  it("shows the max-length message with its number for a too-long bio", async () => {
    await openEditProfile();
    fireEvent.change(field("Bio"), { target: { value: "x".repeat(301) } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Please enter less than 301 characters")).toBeTruthy();
  });
});

describe("save keeps what was typed on error and shows the server's field messages", () => {
  it("puts the 400 `fields` next to their inputs and leaves the form as typed", async () => {
    await openEditProfile(() =>
      json(400, {
        statusCode: 400,
        code: "validation",
        message: "Some fields are not valid",
        fields: { phone: { code: "phone", params: { field: "phone" }, message: "Phone is not valid" } },
      }),
    );
    fireEvent.change(field("Phone"), { target: { value: "+39 055 1234567" } });
    fireEvent.change(field("City"), { target: { value: "Mugello" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Phone is not valid")).toBeTruthy();
    expect(field("Phone").value).toBe("+39 055 1234567");
    expect(field("City").value).toBe("Mugello");
    expect(screen.queryByText("Your profile has been saved.")).toBeNull();
  });
});

describe("after save the header's name and points follow (auth.profile.updated)", () => {
  it("shows success and puts the saved profile into the auth actor", async () => {
    const { calls } = await openEditProfile();
    fireEvent.change(field("Name"), { target: { value: "Marco Bezzecchi" } });
    fireEvent.change(field("Favourite circuit"), { target: { value: "Mugello" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText("Your profile has been saved.");
    expect(calls()[0]?.body).toMatchObject({ name: "Marco Bezzecchi", favouriteCircuit: "Mugello", country: "IT" });
    expect(authActor.getSnapshot().context.profile?.name).toBe("Marco Bezzecchi");
  });
});

describe("the account e-mail is shown read-only", () => {
  it("shows the sign-in e-mail in a read-only field", async () => {
    await openEditProfile();
    const email = field("Account e-mail");
    expect(email.value).toBe(profileFixture.email);
    expect(email.readOnly).toBe(true);
  });
});

describe("change password and delete account", () => {
  it("'Change password' opens the ChangePassword modal", async () => {
    await openEditProfile();
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    expect(modalActor.getSnapshot().context.stack.at(-1)?.kind).toBe("ChangePassword");
  });

  it("'Delete account' asks for confirmation, then calls DELETE /users and signs out", async () => {
    const { calls } = await openEditProfile();
    fireEvent.click(screen.getByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(/Delete your account\?/)).toBeTruthy();
    expect(calls()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, delete my account" }));
    await waitFor(() => expect(calls().map((c) => c.method)).toEqual(["DELETE"]));
    await waitFor(() => expect(authActor.getSnapshot().context.profile).toBeNull());
  });
});
