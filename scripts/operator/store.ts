// `npm run admin -- packs …` and `npm run admin -- orders capture-stuck …`: the Store's operator commands, over
// HTTP with the admin token like results, injure and odds.
import { adminStoreCalls } from "../../contract/calls.store";
import { moneyValue } from "../../contract/storeRules";
import { OperatorError, type OperatorApi } from "./api";

export const storeUsage = `  packs                                        list the diamond packs (on sale or not)
  packs add <diamonds> <price> [CUR]           put a new pack on sale, e.g. packs add 5000 39.99 USD
  packs set <id> <diamonds> <price> [CUR] [--off]  change a pack; --off takes it off sale (orders keep their price)
  orders capture-stuck [minutes]               capture orders approved at the provider but never captured (default 15 min old)`;

const cents = (price: string) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price);
  if (!m) throw new OperatorError(`"${price}" is not a price like 4.99.`);
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
};
const whole = (n: string) => {
  if (!/^\d+$/.test(n)) throw new OperatorError(`"${n}" is not a whole number of diamonds.`);
  return Number(n);
};

type Pack = { dPackId: string; diamonds: number; priceCents: number; currency: string; active: boolean };
const line = (p: Pack) =>
  `${p.dPackId}  ${String(p.diamonds).padStart(6)} 💎  ${moneyValue(p.priceCents)} ${p.currency}${p.active ? "" : "  (off sale)"}`;

export async function packsCommand(client: OperatorApi, args: string[]): Promise<number> {
  const off = args.includes("--off");
  const [sub, ...rest] = args.filter((a) => a !== "--off");
  if (!sub) {
    for (const p of await client.send(adminStoreCalls.packs, { admin: true })) console.log(line(p));
    return 0;
  }
  if (sub === "add") {
    const [diamonds, price, currency = "USD"] = rest;
    if (!diamonds || !price) throw new OperatorError("packs add needs <diamonds> <price> [CUR].");
    console.log(
      line(
        await client.send(adminStoreCalls.addPack, {
          admin: true,
          body: { diamonds: whole(diamonds), priceCents: cents(price), currency, active: !off },
        }),
      ),
    );
    return 0;
  }
  if (sub === "set") {
    const [id, diamonds, price, currency = "USD"] = rest;
    if (!id || !diamonds || !price) throw new OperatorError("packs set needs <id> <diamonds> <price> [CUR].");
    console.log(
      line(
        await client.send(adminStoreCalls.setPack, {
          admin: true,
          params: { id },
          body: { diamonds: whole(diamonds), priceCents: cents(price), currency, active: !off },
        }),
      ),
    );
    return 0;
  }
  throw new OperatorError(`Unknown packs command: ${sub}`);
}

export async function ordersCommand(client: OperatorApi, args: string[]): Promise<number> {
  const [sub, minutes = "15"] = args;
  if (sub !== "capture-stuck") throw new OperatorError("orders needs capture-stuck [minutes].");
  const done = await client.send(adminStoreCalls.captureStuck, {
    admin: true,
    body: { olderThanMinutes: whole(minutes) },
  });
  console.log(
    done.length
      ? done.map((o) => `${o.id}  ${o.diamonds} 💎  ${o.state}`).join("\n")
      : "No order was waiting for its capture.",
  );
  return 0;
}
