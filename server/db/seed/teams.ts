import type * as z from "zod";
import type { Manufacturer, RaceClass } from "../../../contract/enums";

export type TeamSeed = { name: string; manufacturer: z.infer<typeof Manufacturer>; colour: string };

// Fictional teams with the spec's five manufacturers; two riders each.
export const teamsByClass: Record<z.infer<typeof RaceClass>, TeamSeed[]> = {
  MOTOGP: [
    { name: "Borgo Panigale Factory", manufacturer: "DUCATI", colour: "#C8102E" },
    { name: "Rimini Corse", manufacturer: "DUCATI", colour: "#1F4E9E" },
    { name: "Tavullia Racing", manufacturer: "DUCATI", colour: "#F5C400" },
    { name: "Noale Works", manufacturer: "APRILIA", colour: "#1A1A1A" },
    { name: "Riviera Aprilia", manufacturer: "APRILIA", colour: "#0090D0" },
    { name: "Mattighofen Factory", manufacturer: "KTM", colour: "#FF6600" },
    { name: "Tyrol Tech", manufacturer: "KTM", colour: "#7A1F2B" },
    { name: "Tochigi Works", manufacturer: "HONDA", colour: "#E4002B" },
    { name: "Monaco Honda Satellite", manufacturer: "HONDA", colour: "#FFFFFF" },
    { name: "Iwata Factory", manufacturer: "YAMAHA", colour: "#0A1F8F" },
    { name: "Azure Yamaha", manufacturer: "YAMAHA", colour: "#00A3E0" },
  ],
  MOTO2: [
    { name: "Adriatic Moto2", manufacturer: "DUCATI", colour: "#B71C1C" },
    { name: "Valencia Junior", manufacturer: "KTM", colour: "#F57C00" },
    { name: "Catalunya Speed", manufacturer: "APRILIA", colour: "#263238" },
    { name: "Suzuka Academy", manufacturer: "HONDA", colour: "#D32F2F" },
    { name: "Blue Core Moto2", manufacturer: "YAMAHA", colour: "#1565C0" },
    { name: "Flanders Racing", manufacturer: "KTM", colour: "#FBC02D" },
    { name: "Lombardy Speed Up", manufacturer: "DUCATI", colour: "#2E7D32" },
    { name: "Pacific Rim Racing", manufacturer: "HONDA", colour: "#6A1B9A" },
  ],
  MOTO3: [
    { name: "Aspar Youth", manufacturer: "KTM", colour: "#EF6C00" },
    { name: "Leopard Cubs", manufacturer: "HONDA", colour: "#C62828" },
    { name: "Sic Academy", manufacturer: "APRILIA", colour: "#00838F" },
    { name: "Misano Rookies", manufacturer: "DUCATI", colour: "#AD1457" },
    { name: "Kanto Juniors", manufacturer: "YAMAHA", colour: "#283593" },
    { name: "Nordic Pride", manufacturer: "KTM", colour: "#558B2F" },
    { name: "Andalucia Talent", manufacturer: "HONDA", colour: "#F9A825" },
    { name: "Emilia Next Gen", manufacturer: "APRILIA", colour: "#4E342E" },
  ],
};
