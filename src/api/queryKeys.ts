// Shared cache keys, so a screen that changes data can invalidate what the header and other screens read.
export const apiKeys = {
  links: ["system", "links"] as const,
  countries: ["system", "countries"] as const,
  news: ["system", "news"] as const,
  socialProviders: ["auth", "social"] as const,
  publicProfile: (id: string) => ["users", id, "profile"] as const,
  players: (type: string, page: number) => ["users", "players", type, page] as const,
};
