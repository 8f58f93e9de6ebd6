/** Who is calling, from a verified access token. */
export type Caller = { userId: string; familyId: string; mustChangePassword: boolean };
