import type { Manufacturer, RaceClass } from "../../../contract/enums";
import type * as z from "zod";

// Brand names, the same in every language (like team and rider names): data, not UI text.
export const raceClassName: Record<z.infer<typeof RaceClass>, string> = {
  MOTOGP: "MotoGP",
  MOTO2: "Moto2",
  MOTO3: "Moto3",
};
export const manufacturerName: Record<z.infer<typeof Manufacturer>, string> = {
  DUCATI: "Ducati",
  APRILIA: "Aprilia",
  KTM: "KTM",
  HONDA: "Honda",
  YAMAHA: "Yamaha",
};
