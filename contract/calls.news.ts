import * as z from "zod";
import { call } from "./calls";
import { AddedNews, AddNewsBody } from "./news";

/** Operators (the x-admin-token header): publish a news item (a video link) or a guru speak show episode. */
export const adminNewsCalls = {
  addNews: call({ method: "POST", path: "/admin/news", auth: false, body: AddNewsBody, result: AddedNews }),
} as const;

/** Development only: the demo's news items and guru speak show episodes (the simulator), each added once. */
export const devNewsCalls = {
  demoNews: call({
    method: "POST",
    path: "/dev/demo-news",
    auth: false,
    result: z.object({ added: z.number().int() }),
  }),
} as const;
