import * as z from "zod";
import { PlayerListType } from "./enums";
import { Id, PageQuery, paged, uploadRef } from "./common";
import { playerName } from "./auth";
import { optionalSafeText } from "./text";
import { countryCode, email, ethAddress, optionalText, phone } from "./validation";

export const Stat = z.object({
  points: z.number().default(0),
  average: z.number().default(0),
  wins: z.number().int().default(0),
  podiums: z.number().int().default(0),
  poles: z.number().int().default(0),
});
export type Stat = z.infer<typeof Stat>;

export const Favourites = z.object({
  rider: z.string().nullable(),
  manufacturer: z.string().nullable(),
  circuit: z.string().nullable(),
});

/** What anybody may see of a player. */
export const PublicProfile = z.object({
  id: Id,
  img: z.string().nullable(),
  name: z.string(),
  stat: Stat,
  country: z.string().nullable(),
  bio: z.string().nullable(),
  favourites: Favourites,
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  isGuru: z.boolean(),
  isFavorite: z.boolean(),
  createdAt: z.string(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** The signed-in player's own profile: public fields plus private ones. */
export const Profile = PublicProfile.extend({
  email: z.string(),
  noteEmail: z.string().nullable(),
  walletAddress: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  mustChangePassword: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

const orEmpty = <T extends z.ZodType>(s: T) =>
  z
    .union([z.literal(""), s])
    .optional()
    .transform((v) => (v ? (v as z.infer<T>) : undefined));

/** Spec section 9: "Avatar compression: max 0.3 MB, 500 px": a square the player frames, sent at 500 × 500. */
export const AVATAR_IMAGE = { width: 500, height: 500, maxBytes: 0.3 * 1024 * 1024, maxSide: 500 } as const;

export const UpdateProfileBody = z.object({
  name: playerName().optional(),
  img: uploadRef().nullable().optional(),
  country: countryCode().nullable().optional(),
  bio: optionalSafeText(300, { multiline: true }),
  favouriteRider: optionalText(60),
  favouriteManufacturer: optionalText(60),
  favouriteCircuit: optionalText(60),
  twitter: optionalText(60),
  instagram: optionalText(60),
  address: optionalText(120),
  zipCode: optionalText(12),
  city: optionalText(60),
  phone: orEmpty(phone()),
  walletAddress: orEmpty(ethAddress()),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;

export const NoteEmailBody = z.object({ email: email() });

export const Player = z.object({
  id: Id,
  name: z.string(),
  img: z.string().nullable(),
  country: z.string().nullable(),
  points: z.number(),
  isGuru: z.boolean(),
  isFavorite: z.boolean(),
});
export type Player = z.infer<typeof Player>;
export const PlayersQuery = PageQuery.extend({ type: PlayerListType.default("seasons") });
export const PlayersPage = paged(Player);
export const FavoriteResult = z.object({ isFavorite: z.boolean() });
