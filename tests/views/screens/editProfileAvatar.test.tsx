import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AVATAR_IMAGE } from "../../../contract/users";
import EditProfileScreen from "../../../src/screens/editProfile/EditProfileScreen";
import { json, profileFixture } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";

// jsdom decodes and draws no pictures: a chosen file becomes a 1200 × 800 image, and the framing's output a JPEG
// blob of the size asked (what renderCrop would draw is the unit tests' concern: tests/views/leagues/leagueImage.test.ts).
const drawn: unknown[] = [];
vi.mock("../../../src/ui/imageCrop", async (original) => ({
  ...(await original<typeof import("../../../src/ui/imageCrop")>()),
  loadImage: async () =>
    Object.defineProperties(document.createElement("img"), {
      naturalWidth: { value: 1200 },
      naturalHeight: { value: 800 },
    }),
  renderCrop: async (_img: unknown, crop: unknown, _type: string, shape: unknown) => {
    drawn.push({ crop, shape });
    return new Blob(["jpeg"], { type: "image/jpeg" });
  },
}));

afterEach(resetApp);

const UPLOAD = "/api/s3/4f1c2a3b-5d6e-4f70-8a9b-0c1d2e3f4a5b";

describe("Edit profile: the avatar is framed square and sent at the spec's avatar size", () => {
  it("a chosen picture is framed as a 500 × 500 avatar, uploaded (POST /s3) on save, and the profile names it", async () => {
    await signInForTest();
    const sent: { path: string; method: string; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const { pathname } = new URL(request.url);
      if (pathname === "/api/s3" && request.method === "POST") {
        const form = await request.formData();
        sent.push({ path: pathname, method: "POST", body: { id: form.get("id"), img: form.get("img") } });
        return json(200, { result: { id: String(form.get("id")), url: UPLOAD } });
      }
      const text = await request.text();
      const body = text ? JSON.parse(text) : null;
      sent.push({ path: pathname, method: request.method, body });
      if (pathname === "/api/users" && request.method === "PUT")
        return json(200, { result: { ...profileFixture, ...body } });
      if (pathname === "/api/users/profile") return json(200, { result: profileFixture });
      if (pathname === "/api/system/countries") return json(200, { result: [] });
      return json(404, { statusCode: 404, code: "notFound", message: "Not found" });
    });
    renderWithApp(<EditProfileScreen />, { path: "/edit-profile" });
    const input = (await screen.findByLabelText("Choose a picture")) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["png"], "me.png", { type: "image/png" })] } });
    // While framing, Save waits and says why.
    const save = await screen.findByRole("button", { name: "Save changes" });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(await screen.findByRole("button", { name: "Use this framing" }));
    await screen.findByRole("img", { name: "Your profile picture" });
    expect(drawn).toEqual([{ crop: { x: 200, y: 0, width: 800, height: 800 }, shape: AVATAR_IMAGE }]);

    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.some((c) => c.path === "/api/users" && c.method === "PUT")).toBe(true));
    const upload = sent.find((c) => c.path === "/api/s3")!;
    expect(upload.body).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const put = sent.find((c) => c.path === "/api/users" && c.method === "PUT")!;
    expect(put.body).toMatchObject({ img: UPLOAD });
    expect(sent.indexOf(upload)).toBeLessThan(sent.indexOf(put));
  }, 20_000);
});
