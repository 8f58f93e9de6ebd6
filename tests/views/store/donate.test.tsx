import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DonatePanel } from "../../../src/features/store/DonatePanel";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { ME } from "../leagues/leagueFixtures";

afterEach(resetApp);

async function openDonation() {
  await signInForTest();
  const calls = stubRoutes((c) =>
    c.path === "/api/diamonds/user/balance" ? json(200, { result: { balance: "50" } }) : undefined,
  );
  renderWithApp(<DonatePanel fromUserId={ME} toUserId="u2" toName="Bez Fan" />, {
    path: "/profile",
    search: "?userId=u2",
  });
  fireEvent.click(screen.getByRole("button", { name: "Donate" }));
  return { calls, amount: (await screen.findByLabelText("Diamonds to give")) as HTMLInputElement };
}

describe("Donation: at least 10 whole diamonds, said in the product's words, not only the browser's tooltip", () => {
  it.each([
    ["5", "A donation is at least 10 diamonds"],
    ["12.5", "A donation is at least 10 diamonds"],
  ])("an amount of %s shows '%s' under the field and sends nothing", async (value, message) => {
    const { calls, amount } = await openDonation();
    fireEvent.change(amount, { target: { value } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});
