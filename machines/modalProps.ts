import type * as z from "zod";
import type { InjuredNoticeKind, ModalKind, PredictionActionType, PredictionCategory } from "../contract/enums";
import type { PrizeKind } from "../contract/prizes";

// The props of every modal kind, typed once: whoever opens a modal passes exactly these, and its component
// reads exactly these. Props are plain data; a modal that shows a flow finds that flow's actor through the flow's
// owner (the feature's parent actor), never through its props.

type None = Record<string, never>;

export type ModalPropsByKind = {
  SignIn: None;
  SignUp: None;
  RecoveryPassword: { email?: string | undefined };
  ChangePassword: { forced?: boolean };
  /**
   * Text already translated, or an `ns:key` translation key to translate in the modal; the answers go to the opener's reply.
   * With a `title`, the text is a message under that heading instead of being the heading itself (a long answer).
   */
  Confirmation: { text?: string; textKey?: string; confirmLabel?: string; cancel?: boolean; title?: string };
  Retry: { text?: string };
  ImageAndTitle: { textKey?: string; text?: string };
  Invite: { leagueId: string; leagueName: string };
  MembersByLeague: { leagueId: string };
  /** The chooser of the open weekend (the predictions actor owns it). */
  ChooseRider: None;
  /** The paid change of the open weekend (the predictions actor owns it). */
  ChangePrediction: None;
  /** One upgrade button of the open weekend, by its key. */
  Upgrade: { button: string };
  UpgradeFinal: { type: z.infer<typeof PredictionActionType>; category?: PredictionCategory | undefined };
  /** The bet being placed on the Bets screen (the bets actor owns it). */
  BetOnRider: None;
  /** How an ACROSS bet splits; static text. */
  AcrossInfo: None;
  /** The player's bets on one race. */
  AllUserBets: { raceId: string };
  /** 'Rider has been Injured': the rider's picture and what was given back, by notice kind (predictions, bets, both). */
  NotificationWithImage: {
    kind: z.infer<typeof InjuredNoticeKind>;
    riderId: string;
    riderName: string;
    raceName: string;
    refunded: number;
  };
  // Kinds drawn by features not built yet: they declare their props when they arrive.
  ChooseAnswer: None;
  /** One rider of one category of a race: the rider's recent form and the crowd's share (contract/rules.statistics.ts). */
  PredictionRider: { raceId: string; category: PredictionCategory; riderId: string };
  /** One prize of /prizes: what it is and how it is won. */
  Prize: { kind: PrizeKind };
  FirstModal: None;
  Processing: None;
  /** One news item or guru speak show episode. */
  NewsModal: { url: string; title: string; publishedAt: string };
};

/** Every kind of the spec's enum has its props: a kind missing above fails to compile here. */
export type ModalProps<K extends ModalKind> = ModalPropsByKind[K];
