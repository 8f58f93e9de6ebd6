import type { Profile, UpdateProfileBody } from "../../../contract/users";

export const textFields = [
  "name",
  "bio",
  "favouriteRider",
  "favouriteManufacturer",
  "favouriteCircuit",
  "twitter",
  "instagram",
  "address",
  "zipCode",
  "city",
  "phone",
  "walletAddress",
] as const;
export type TextFieldName = (typeof textFields)[number];
export type FormValues = Record<TextFieldName | "country", string>;

/** The editable fields of a profile as the strings a form holds ('' for "not set"). */
export function valuesFrom(profile: Profile): FormValues {
  return {
    name: profile.name,
    country: profile.country ?? "",
    bio: profile.bio ?? "",
    favouriteRider: profile.favourites.rider ?? "",
    favouriteManufacturer: profile.favourites.manufacturer ?? "",
    favouriteCircuit: profile.favourites.circuit ?? "",
    twitter: profile.twitter ?? "",
    instagram: profile.instagram ?? "",
    address: profile.address ?? "",
    zipCode: profile.zipCode ?? "",
    city: profile.city ?? "",
    phone: profile.phone ?? "",
    walletAddress: profile.walletAddress ?? "",
  };
}

/** PUT /users body: every field is sent, so clearing one clears it on the server. */
export function bodyFrom(values: FormValues): UpdateProfileBody {
  return { ...values, country: values.country || null };
}
