import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadImage } from "../../../src/api/uploads";
import CreateLeagueScreen from "../../../src/screens/createLeague/CreateLeagueScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { countries, league, ME, ok } from "./leagueFixtures";

// jsdom decodes no pictures: a chosen file becomes a 708 × 360 image at once, so the cropper opens.
vi.mock("../../../src/ui/imageCrop", async (original) => ({
  ...(await original<typeof import("../../../src/ui/imageCrop")>()),
  loadImage: async () => Object.assign(document.createElement("img"), { width: 708, height: 360 }),
}));

afterEach(() => {
  vi.restoreAllMocks();
  return resetApp();
});

function serve(owned = false) {
  return stubRoutes((call) => {
    if (call.path === "/api/system/countries") return ok(countries);
    if (call.path === `/api/leagues/users/${ME}`)
      return ok(
        owned ? [league({ id: "MINE", name: "Garage 46", owner: { id: ME, name: "Marco Rossi", img: null } })] : [],
      );
    if (call.method === "POST" && call.path === "/api/leagues")
      return ok(league({ id: "NEW", name: String((call.body as { name: string }).name) }));
    return undefined;
  });
}

describe("create league: name 3-20, type required, then POST /leagues and the new league", () => {
  it("shows the spec's messages for a short name and a missing type, and sends nothing", async () => {
    await signInForTest();
    const calls = serve();
    renderWithApp(<CreateLeagueScreen />, { path: "/leagues/create" });
    fireEvent.change(await screen.findByLabelText("League name"), { target: { value: "GP" } });
    fireEvent.click(screen.getByRole("button", { name: "Create league" }));
    expect(await screen.findByText("Please enter more than 2 characters")).toBeTruthy();
    expect(screen.getByText("This is a required field")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("creates a private league with description, country and end date, then opens it at its top", async () => {
    await signInForTest();
    const calls = serve();
    const { location } = renderWithApp(<CreateLeagueScreen />, { path: "/leagues/create" });
    fireEvent.change(await screen.findByLabelText("League name"), { target: { value: "Garage 46" } });
    fireEvent.click(screen.getByLabelText(/Private/));
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Only the fast ones." } });
    await screen.findByRole("option", { name: /Italy/ });
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "IT" } });
    fireEvent.change(screen.getByLabelText("End date"), { target: { value: "2026-12-31" } });
    const scrolled = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: "Create league" }));
    await waitFor(() => expect(location()).toBe("/leagues/NEW"));
    // The new league's page opens at its top, not where the form's button was.
    expect(scrolled).toHaveBeenCalledWith({ top: 0, left: 0 });
    const body = calls.find((c) => c.method === "POST" && c.path === "/api/leagues")!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "Garage 46",
      type: "PRIVATE",
      description: "Only the fast ones.",
      country: "IT",
    });
    expect(String(body.endDate)).toMatch(/^2026-12-3[01]T/);
  });

  it("one league per player: an owner is sent to their league instead of the form", async () => {
    await signInForTest();
    serve(true);
    renderWithApp(<CreateLeagueScreen />, { path: "/leagues/create" });
    expect(await screen.findByText("You already have a league")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open my league" }).getAttribute("href")).toBe("/leagues/MINE");
    expect(screen.queryByLabelText("League name")).toBeNull();
  });

  it("refuses a file that is not an image with the spec's message", async () => {
    await signInForTest();
    serve();
    renderWithApp(<CreateLeagueScreen />, { path: "/leagues/create" });
    const input = (await screen.findByLabelText("Choose a picture")) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByText("The file given is not an image")).toBeTruthy();
  });
});

describe("create league: a field's message goes once the player answers it", () => {
  it("the missing type's message goes when a type is chosen", async () => {
    await signInForTest();
    serve();
    renderWithApp(<CreateLeagueScreen />, { path: "/leagues/create" });
    fireEvent.change(await screen.findByLabelText("League name"), { target: { value: "Garage 46" } });
    fireEvent.click(screen.getByRole("button", { name: "Create league" }));
    expect(await screen.findByText("This is a required field")).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Private/));
    await waitFor(() => expect(screen.queryByText("This is a required field")).toBeNull());
  });
});

describe("create league: while the picture is being framed, Create waits and says why", () => {
  it("the disabled button is described by a hint that names the cropper's buttons", async () => {
    await signInForTest();
    serve();
    renderWithApp(<CreateLeagueScreen />, { path: "/leagues/create" });
    const input = (await screen.findByLabelText("Choose a picture")) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["png"], "garage.png", { type: "image/png" })] } });
    await screen.findByRole("button", { name: "Use this framing" });
    const create = screen.getByRole("button", { name: "Create league" }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(true));
    const hint = document.getElementById(create.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("Use this framing or cancel the picture first.");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(create.disabled).toBe(false));
    expect(screen.queryByText("Use this framing or cancel the picture first.")).toBeNull();
  });
});

describe("upload: POST /s3 as multipart with img and a random UUID id", () => {
  it("sends both parts and returns the stored picture's URL", async () => {
    let form: FormData | null = null;
    vi.stubGlobal("fetch", async (input: Request) => {
      form = await input.formData();
      return json(200, { result: { id: String(form.get("id")), url: "/uploads/x.jpg" } });
    });
    const result = await uploadImage(new Blob(["jpeg"], { type: "image/jpeg" }), "league.jpg");
    expect(result.url).toBe("/uploads/x.jpg");
    expect(String(form!.get("id"))).toMatch(/^[0-9a-f-]{36}$/);
    expect(form!.get("img")).toMatchObject({ size: 4, type: "image/jpeg" });
  });
});

describe("edit league: ?isEdit=true&league={id} prefills the form and saves with PUT /leagues/{id}", () => {
  it("shows the saved values and sends the changes", async () => {
    await signInForTest();
    const mine = league({
      id: "MINE",
      name: "Garage 46",
      type: "PRIVATE",
      owner: { id: ME, name: "Marco Rossi", img: null },
      image: "/uploads/g46.jpg",
    });
    const calls = stubRoutes((call) => {
      if (call.path === "/api/system/countries") return ok(countries);
      if (call.path === `/api/leagues/users/${ME}`) return ok([mine]);
      if (call.method === "GET" && call.path === "/api/leagues/MINE") return ok(mine);
      if (call.method === "PUT" && call.path === "/api/leagues/MINE") return ok({ ...mine, name: "Garage 93" });
      return undefined;
    });
    const { location } = renderWithApp(<CreateLeagueScreen />, {
      path: "/leagues/create",
      search: "isEdit=true&league=MINE",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Edit league" })).toBeTruthy();
    const name = (await screen.findByLabelText("League name")) as HTMLInputElement;
    expect(name.value).toBe("Garage 46");
    expect((screen.getByLabelText(/Private/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("img", { name: "The league picture" }).getAttribute("src")).toBe("/uploads/g46.jpg");
    fireEvent.change(name, { target: { value: "Garage 93" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(location()).toBe("/leagues/MINE"));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      name: "Garage 93",
      type: "PRIVATE",
      image: "/uploads/g46.jpg",
    });
  });
});
