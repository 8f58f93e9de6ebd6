// The donation machine's driver: the Donate panel of another player's profile (src/features/store/DonatePanel.tsx)
// with its real flow (`liveDonation`), the player's balance and the donation call answered by the stubbed network.
// The balance decides the rules' guards (`allowed`, `tooPoor`); the server's answer decides the outcome.
import { act, fireEvent, screen } from "@testing-library/react";
import { expect } from "vitest";
import { donationMachine } from "../../../machines/donation.machine";
import type { QaPath } from "../../../scripts/paths";
import { applyBalanceUpdate } from "../../../src/api/diamonds";
import { queryClient } from "../../../src/api/queryClient";
import { DonatePanel } from "../../../src/features/store/DonatePanel";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = { api: HeldApi; balance: number; amount: number; error: string | null };

const DONATE = "/api/diamonds/transactions/internal";
const TO = "Bez Fan";
const field = () => screen.getByLabelText<HTMLInputElement>("Diamonds to give");
const button = (name: string) => screen.getByRole("button", { name });
const confirmedTooPoor = (path: QaPath) =>
  path.steps.some((s) => s.event === "donation.confirm" && s.guard === "tooPoor");

export const donationDriver: ViewDriver<World> = {
  machine: donationMachine,

  async arrange(path) {
    await signInForTest();
    // Under the first amount (10): the rules find too few diamonds at the confirm.
    const world: World = { api: null as never, balance: confirmedTooPoor(path) ? 5 : 50, amount: 10, error: null };
    world.api = heldApi((call) => {
      if (call.path === "/api/diamonds/user/balance") return ok({ balance: String(world.balance) });
      if (call.path === DONATE && call.method === "POST") return "hold";
      return undefined;
    });
    renderWithApp(<DonatePanel fromUserId="u1" toUserId="u2" toName={TO} />, {
      path: "/profile",
      search: "?userId=u2",
    });
    fireEvent.click(await screen.findByRole("button", { name: "Donate" }));
    await screen.findByLabelText("Diamonds to give");
    return world;
  },

  act: {
    // The live balance moves (another tab spent): the push's own cache update.
    "donation.balance": async ({ world }) => {
      world.balance += 10;
      await act(() => applyBalanceUpdate(queryClient, { balance: String(world.balance) }));
    },
    "donation.amount": ({ world, next }) => {
      // Under the minimum when the next confirm must be refused by the rules, within the balance otherwise.
      world.amount = next?.event === "donation.confirm" && next.otherwise ? 5 : 25;
      fireEvent.change(field(), { target: { value: String(world.amount) } });
    },
    "donation.confirm": () => fireEvent.click(button("Continue")),
    "donation.send": () => fireEvent.click(button("Give diamonds")),
    "donation.back": () => fireEvent.click(button("Change")),
    "donation.retry": () => fireEvent.click(button("Try Again")),
    "donation.again": ({ world }) => {
      world.amount = 10;
      fireEvent.click(button("Donate again"));
    },
    "done donate": async ({ world }) => {
      world.balance -= world.amount;
      await world.api.answer(
        "POST",
        DONATE,
        ok({ id: "e1", amount: world.amount, toUserId: "u2", balance: String(world.balance) }),
      );
    },
    "error donate": async ({ world, step }) => {
      const poor = step.guard === "poorOnServer";
      world.error = poor ? "You don't have enough diamonds" : "Something went wrong.";
      await world.api.answer(
        "POST",
        DONATE,
        poor ? refusal(402, "notEnoughDiamonds", world.error) : refusal(500, "somethingWentWrong", world.error),
      );
    },
  },

  shows: {
    async editing({ world, step }: Step<World>) {
      await expect.poll(() => screen.queryByLabelText("Diamonds to give")).not.toBeNull();
      expect(field().value).toBe(String(world.amount));
      // Refused by the rules: their message under the field in place of the hint, nothing sent.
      if (step.event === "donation.confirm") {
        expect(await screen.findByText("A donation is at least 10 diamonds")).toBeTruthy();
        expect(world.api.calls.filter((c) => c.path === DONATE)).toEqual([]);
      } else {
        await expect
          .poll(() => screen.queryByText(/^At least 10 whole diamonds\./)?.textContent)
          .toBe(`At least 10 whole diamonds. You have ${world.balance}.`);
        expect(screen.queryByRole("alert")).toBeNull();
      }
      expect(button("Continue")).toBeTruthy();
    },
    async confirming({ world }) {
      expect(await screen.findByText(`Give ${world.amount} diamonds to ${TO}?`)).toBeTruthy();
      expect(button("Give diamonds")).toBeTruthy();
      expect(world.api.calls.filter((c) => c.path === DONATE)).toEqual([]);
    },
    async sending() {
      const busy = await screen.findByRole("button", { name: /Sending/ });
      expect((busy as HTMLButtonElement).disabled).toBe(true);
    },
    async done({ world }) {
      expect((await screen.findByTestId("donation-done")).textContent).toBe(
        `You gave ${world.amount} diamonds to ${TO}.`,
      );
      expect(button("Donate again")).toBeTruthy();
    },
    async insufficient() {
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain("You don't have enough diamonds");
      expect(screen.getByRole("link", { name: "Buy diamonds" }).getAttribute("href")).toBe("/shop");
      expect(field()).toBeTruthy();
    },
    async failed({ world }) {
      expect((await screen.findByRole("alert")).textContent).toBe(world.error);
      expect(button("Try Again")).toBeTruthy();
    },
  },

  // The panel is on another player's profile, so the rules' only refusal at the first amount (10) other than too few
  // diamonds is none: the amount is changed under the minimum first.
  reroute(path, all) {
    const last = path.steps.at(-1)!;
    if (path.steps.length !== 1 || last.event !== "donation.confirm" || !last.otherwise) return null;
    const amount = all.find((p) => p.steps.length === 1 && p.steps[0]!.event === "donation.amount")!;
    return { ...path, steps: [...amount.steps, last] };
  },
};
