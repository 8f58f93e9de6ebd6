/** FAQ entries in reading order; each `<key>Q` / `<key>A` pair lives in the faq namespace. */
export const faqItems = [
  "predictions",
  "deadline",
  "points",
  "ties",
  "changes",
  "upgrades",
  "diamonds",
  "bonus",
  "leagues",
  "bets",
  "injured",
  "prizes",
] as const;
export type FaqItemKey = (typeof faqItems)[number];
