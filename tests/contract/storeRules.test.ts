import { describe, expect, it } from "vitest";
import { PaymentState } from "../../contract/enums";
import {
  awaitsPayer,
  canMove,
  captureVerdict,
  diamondsPerUnit,
  donationVerdict,
  isFinalPayment,
  moneyValue,
  PAYMENT_TRANSITIONS,
  storeNumbers,
  voidVerdict,
} from "../../contract/storeRules";
import { refusalCode } from "../../contract/verdict";

describe("payment states (PayPal Orders v2)", () => {
  it("names every state of the spec and only moves forward to COMPLETED or VOIDED", () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).toSorted()).toEqual([...PaymentState.options].toSorted());
    expect(canMove("CREATED", "PAYER_ACTION_REQUIRED")).toBe(true);
    expect(canMove("PAYER_ACTION_REQUIRED", "APPROVED")).toBe(true);
    expect(canMove("APPROVED", "COMPLETED")).toBe(true);
    expect(canMove("APPROVED", "PAYER_ACTION_REQUIRED")).toBe(true);
    expect(canMove("CREATED", "COMPLETED")).toBe(false);
    expect(canMove("COMPLETED", "VOIDED")).toBe(false);
    expect(canMove("VOIDED", "APPROVED")).toBe(false);
    expect(PaymentState.options.filter(isFinalPayment)).toEqual(["VOIDED", "COMPLETED"]);
    expect(PaymentState.options.filter(awaitsPayer)).toEqual(["CREATED", "SAVED", "PAYER_ACTION_REQUIRED"]);
  });

  it("captures only APPROVED, answers COMPLETED as done, refuses the others", () => {
    expect(captureVerdict("APPROVED")).toEqual({ ok: true, value: "capture" });
    expect(captureVerdict("COMPLETED")).toEqual({ ok: true, value: "done" });
    expect(refusalCode(captureVerdict("VOIDED"))).toBe("paymentVoided");
    for (const s of ["CREATED", "SAVED", "PAYER_ACTION_REQUIRED"] as const)
      expect(refusalCode(captureVerdict(s))).toBe("paymentNotApproved");
    expect(refusalCode(voidVerdict("COMPLETED"))).toBe("paymentCompleted");
    expect(voidVerdict("APPROVED")).toEqual({ ok: true, value: "VOIDED" });
  });

  it("prices: PayPal's amount value and diamonds per unit of money", () => {
    expect(moneyValue(499)).toBe("4.99");
    expect(moneyValue(1999)).toBe("19.99");
    expect(moneyValue(5)).toBe("0.05");
    expect(diamondsPerUnit({ diamonds: 100, priceCents: 99 })).toBe(101);
    expect(diamondsPerUnit({ diamonds: 2500, priceCents: 1999 })).toBe(125.1);
  });
});

describe("donations", () => {
  const base = { fromUserId: "a", toUserId: "b" };
  it("needs whole diamonds, at least 10, another player, and enough diamonds when the balance is known", () => {
    expect(storeNumbers.minDonation).toBe(10);
    expect(donationVerdict({ ...base, amount: 10 })).toEqual({ ok: true, value: 10 });
    expect(refusalCode(donationVerdict({ ...base, amount: 9 }))).toBe("donationMin");
    expect(refusalCode(donationVerdict({ ...base, amount: 10.5 }))).toBe("donationMin");
    expect(refusalCode(donationVerdict({ fromUserId: "a", toUserId: "a", amount: 10 }))).toBe("donationToSelf");
    expect(refusalCode(donationVerdict({ ...base, amount: 50, balance: 49 }))).toBe("notEnoughDiamonds");
    expect(donationVerdict({ ...base, amount: 50, balance: 50 }).ok).toBe(true);
  });
});
