import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import FirstModal from "../../../src/features/news/FirstModal";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { ok } from "../leagues/leagueFixtures";
import { race, startOf } from "../predictions/predictionFixtures";

afterEach(resetApp);

describe("FirstModal: the next deadline names its time zone", () => {
  it("the first session's start carries the player's time zone, so a player abroad reads the right hour", async () => {
    await signInForTest();
    stubRoutes((call) => (call.path === "/api/races/next" ? ok([race]) : undefined));
    renderWithApp(
      <FirstModal entry={{ id: "m1", kind: "FirstModal", props: {}, options: {} } as never} close={() => {}} />,
    );
    const deadline = await screen.findByTestId("first-deadline");
    const zone = new Intl.DateTimeFormat("en", { timeZoneName: "short" })
      .formatToParts(new Date(startOf("FP1")))
      .find((p) => p.type === "timeZoneName")!.value;
    expect(deadline.textContent).toContain("Czech Grand Prix");
    expect(deadline.textContent).toContain(zone);
  });
});
