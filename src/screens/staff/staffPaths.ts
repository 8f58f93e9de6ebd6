// The staff pages, under /staff (not in the spec's list of player screens).
export const staffPaths = {
  home: "/staff",
  flows: "/staff/flows",
  replay: "/staff/replay",
  pages: "/staff/pages",
  raceControl: "/staff/race-control",
  audit: "/staff/audit",
} as const;
