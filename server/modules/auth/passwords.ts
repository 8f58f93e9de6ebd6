import { hash, verify } from "@node-rs/argon2";
import type { Config } from "../../config";

// @node-rs/argon2 hashes with argon2id by default (its Algorithm enum is a const enum we can't import).
export function passwordHasher(cost: Config["passwordHash"]) {
  const options = { memoryCost: cost.memoryCost, timeCost: cost.timeCost };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => hash(password, options),
    verify: (hashed: string, password: string) => verify(hashed, password).catch(() => false),
    /** Spends the time a real check would, so unknown players can't be told apart by timing. */
    verifyDummy: async (password: string) => {
      dummy ??= hash("not-a-real-password-1!", options);
      await verify(await dummy, password).catch(() => false);
      return false as const;
    },
  };
}
export type PasswordHasher = ReturnType<typeof passwordHasher>;
