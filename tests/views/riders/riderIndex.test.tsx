import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route, Switch } from "wouter";
import type { RiderOption } from "../../../contract/races";
import { paths } from "../../../src/config/paths";
import RiderIndexScreen from "../../../src/screens/rider/RiderIndexScreen";
import { defaultRiderId } from "../../../src/screens/rider/defaultRider";
import RiderByIdScreen from "../../../src/screens/riderById/RiderByIdScreen";
import { json, profileFixture } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { ok, performances, riderDetail, serve } from "./ridersFixtures";

afterEach(resetApp);

const option = (id: string, name: string, number: number): RiderOption => ({
  id,
  name,
  number,
  raceClass: "MOTOGP",
  teamName: "Borgo Panigale Factory",
  status: "ACTIVE",
});
const options = [option("r1", "Marco Bellini", 63), option("r2", "Álvaro Núñez", 93), option("r3", "Kenji Sato", 7)];

describe("defaultRiderId: the rider /rider opens on", () => {
  it("is the favourite, named by id, name or race number, else the list's first", () => {
    expect(defaultRiderId(options, "r2")).toBe("r2");
    expect(defaultRiderId(options, " kenji sato ")).toBe("r3");
    expect(defaultRiderId(options, "#93")).toBe("r2");
    expect(defaultRiderId(options, "Nobody")).toBe("r1");
    expect(defaultRiderId(options, null)).toBe("r1");
    expect(defaultRiderId([], "r2")).toBeUndefined();
  });
});

function open(dropdown: () => Response) {
  const calls = serve((call) => {
    if (call.path === "/api/riders/dropdown") return dropdown();
    if (call.path === "/api/riders/r1") return ok(riderDetail);
    if (call.path === "/api/riders/r1/performances") return ok(performances(2026, [1, 2]));
    if (call.path === "/api/riders/r2") return ok({ ...riderDetail, id: "r2", name: "Álvaro Núñez", number: 93 });
    if (call.path === "/api/riders/r2/performances") return ok(performances(2026, [3]));
    return undefined;
  });
  const view = renderWithApp(
    <Switch>
      <Route path={paths.rider}>
        <RiderIndexScreen />
      </Route>
      <Route path={paths.riderById}>
        <RiderByIdScreen />
      </Route>
    </Switch>,
    { path: paths.rider },
  );
  return { calls, ...view };
}

describe("/rider: the Rider screen without an id", () => {
  it("opens on the premier class's first rider, replacing /rider in the history", async () => {
    const { calls, memory } = open(() => ok(options));
    expect(await screen.findByRole("heading", { level: 1, name: "Marco Bellini" })).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/riders/dropdown")!.search.get("raceClass")).toBe("MOTOGP");
    expect(memory.history).toEqual(["/rider/r1"]);
  });

  it("opens on the signed-in player's favourite rider", async () => {
    await signInForTest({ ...profileFixture, favourites: { ...profileFixture.favourites, rider: "Álvaro Núñez" } });
    open(() => ok(options));
    expect(await screen.findByRole("heading", { level: 1, name: "Álvaro Núñez" })).toBeTruthy();
  });

  it("says so when the riders cannot be loaded, and Try again asks again", async () => {
    let fail = true;
    const { calls } = open(() =>
      fail ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." }) : ok(options),
    );
    expect(await screen.findByText("The riders could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Marco Bellini" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/riders/dropdown")).toHaveLength(2);
  });

  it("an empty championship shows the empty state", async () => {
    open(() => ok([]));
    expect(await screen.findByText("There are no riders in the championship yet.")).toBeTruthy();
  });
});

describe("the Rider screen's picker", () => {
  it("lists the class's riders by number and goes to the one chosen", async () => {
    const { location } = open(() => ok(options));
    const picker = (await screen.findByRole("combobox", { name: "Rider" })) as HTMLSelectElement;
    expect(picker.value).toBe("r1");
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      "#7 Kenji Sato · Borgo Panigale Factory",
      "#63 Marco Bellini · Borgo Panigale Factory",
      "#93 Álvaro Núñez · Borgo Panigale Factory",
    ]);
    fireEvent.change(picker, { target: { value: "r2" } });
    expect(await screen.findByRole("heading", { level: 1, name: "Álvaro Núñez" })).toBeTruthy();
    await waitFor(() => expect(location()).toBe("/rider/r2"));
  });
});
