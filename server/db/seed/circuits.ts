// The demo calendar: 22 rounds on real-world circuits, in running order.
// utcOffset is the local summer offset so sessions land at believable local times; timeZone is the circuit's IANA zone
// (the season file's), kept apart so the demo's session times stay what they always were.
export type CircuitType = "HIGH_SPEED" | "TECHNICAL" | "FLOWING" | "STOP_AND_GO";
export type Circuit = { key: string; race: string; name: string; country: string; lengthKm: number; type: CircuitType; utcOffset: number; timeZone: string };

export const circuits: Circuit[] = [
  { key: "buriram", race: "Thai Grand Prix", name: "Chang International Circuit", country: "TH", lengthKm: 4.554, type: "STOP_AND_GO", utcOffset: 7, timeZone: "Asia/Bangkok" },
  { key: "termas", race: "Argentine Grand Prix", name: "Autódromo Termas de Río Hondo", country: "AR", lengthKm: 4.806, type: "FLOWING", utcOffset: -3, timeZone: "America/Argentina/Cordoba" },
  { key: "austin", race: "Grand Prix of the Americas", name: "Circuit of the Americas", country: "US", lengthKm: 5.513, type: "TECHNICAL", utcOffset: -5, timeZone: "America/Chicago" },
  { key: "lusail", race: "Qatar Grand Prix", name: "Lusail International Circuit", country: "QA", lengthKm: 5.38, type: "HIGH_SPEED", utcOffset: 3, timeZone: "Asia/Qatar" },
  { key: "jerez", race: "Spanish Grand Prix", name: "Circuito de Jerez – Ángel Nieto", country: "ES", lengthKm: 4.423, type: "TECHNICAL", utcOffset: 2, timeZone: "Europe/Madrid" },
  { key: "lemans", race: "French Grand Prix", name: "Le Mans Bugatti Circuit", country: "FR", lengthKm: 4.185, type: "STOP_AND_GO", utcOffset: 2, timeZone: "Europe/Paris" },
  { key: "silverstone", race: "British Grand Prix", name: "Silverstone Circuit", country: "GB", lengthKm: 5.9, type: "HIGH_SPEED", utcOffset: 1, timeZone: "Europe/London" },
  { key: "aragon", race: "Aragon Grand Prix", name: "MotorLand Aragón", country: "ES", lengthKm: 5.077, type: "FLOWING", utcOffset: 2, timeZone: "Europe/Madrid" },
  { key: "mugello", race: "Italian Grand Prix", name: "Autodromo Internazionale del Mugello", country: "IT", lengthKm: 5.245, type: "HIGH_SPEED", utcOffset: 2, timeZone: "Europe/Rome" },
  { key: "assen", race: "Dutch TT", name: "TT Circuit Assen", country: "NL", lengthKm: 4.542, type: "FLOWING", utcOffset: 2, timeZone: "Europe/Amsterdam" },
  { key: "sachsenring", race: "German Grand Prix", name: "Sachsenring", country: "DE", lengthKm: 3.671, type: "TECHNICAL", utcOffset: 2, timeZone: "Europe/Berlin" },
  { key: "brno", race: "Czech Grand Prix", name: "Automotodrom Brno", country: "CZ", lengthKm: 5.403, type: "FLOWING", utcOffset: 2, timeZone: "Europe/Prague" },
  { key: "spielberg", race: "Austrian Grand Prix", name: "Red Bull Ring", country: "AT", lengthKm: 4.348, type: "STOP_AND_GO", utcOffset: 2, timeZone: "Europe/Vienna" },
  { key: "balaton", race: "Hungarian Grand Prix", name: "Balaton Park Circuit", country: "HU", lengthKm: 4.075, type: "TECHNICAL", utcOffset: 2, timeZone: "Europe/Budapest" },
  { key: "barcelona", race: "Catalan Grand Prix", name: "Circuit de Barcelona-Catalunya", country: "ES", lengthKm: 4.657, type: "FLOWING", utcOffset: 2, timeZone: "Europe/Madrid" },
  { key: "misano", race: "San Marino Grand Prix", name: "Misano World Circuit Marco Simoncelli", country: "SM", lengthKm: 4.226, type: "TECHNICAL", utcOffset: 2, timeZone: "Europe/San_Marino" },
  { key: "motegi", race: "Japanese Grand Prix", name: "Mobility Resort Motegi", country: "JP", lengthKm: 4.801, type: "STOP_AND_GO", utcOffset: 9, timeZone: "Asia/Tokyo" },
  { key: "mandalika", race: "Indonesian Grand Prix", name: "Pertamina Mandalika Circuit", country: "ID", lengthKm: 4.301, type: "FLOWING", utcOffset: 8, timeZone: "Asia/Makassar" },
  { key: "phillip-island", race: "Australian Grand Prix", name: "Phillip Island Grand Prix Circuit", country: "AU", lengthKm: 4.448, type: "HIGH_SPEED", utcOffset: 11, timeZone: "Australia/Melbourne" },
  { key: "sepang", race: "Malaysian Grand Prix", name: "Sepang International Circuit", country: "MY", lengthKm: 5.543, type: "HIGH_SPEED", utcOffset: 8, timeZone: "Asia/Kuala_Lumpur" },
  { key: "portimao", race: "Portuguese Grand Prix", name: "Autódromo Internacional do Algarve", country: "PT", lengthKm: 4.592, type: "FLOWING", utcOffset: 0, timeZone: "Europe/Lisbon" },
  { key: "valencia", race: "Valencia Grand Prix", name: "Circuit Ricardo Tormo", country: "ES", lengthKm: 4.005, type: "TECHNICAL", utcOffset: 1, timeZone: "Europe/Madrid" },
];

/** Days between consecutive rounds: mostly fortnights, some back-to-back weekends and a summer break. */
export const gapsInDays = [14, 14, 21, 14, 14, 7, 14, 14, 7, 14, 35, 14, 7, 14, 7, 21, 7, 14, 7, 14, 14];
