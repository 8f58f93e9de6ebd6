import * as z from "zod";

// Every enum of spec sections 3 and 4, word for word.

export const LeagueType = z.enum(["PRIVATE", "PUBLIC", "VIP"]);
export const LeagueMemberStatus = z.enum(["ACCEPTED", "PENDING", "INVITED", "FOLLOWING", "LEAVED"]);
export const PlayerListType = z.enum(["seasons", "races", "guru", "follow"]);
export const RiderStatus = z.enum(["ACTIVE", "INJURED"]);
export const RiderRole = z.enum(["MAIN", "SUBSTITUTE", "WILDCARD"]);
export const Manufacturer = z.enum(["DUCATI", "APRILIA", "KTM", "HONDA", "YAMAHA"]);
export const RaceClass = z.enum(["MOTOGP", "MOTO2", "MOTO3"]);
export const SessionType = z.enum(["FP1", "PF", "FP2", "Q1", "Q2", "SPRINT", "START"]);
export const sessionLabels: Record<z.infer<typeof SessionType>, string> = {
  FP1: "FP1",
  PF: "Practice Fastest",
  FP2: "FP2",
  Q1: "Qualifying 1",
  Q2: "Qualifying 2",
  SPRINT: "Sprint",
  START: "Race",
};
export const PredictionCategory = z.enum([
  "FP1",
  "PRACTICE_FASTEST",
  "FP2",
  "POLEMAN",
  "SPRINT_FIRST",
  "SPRINT_SECOND",
  "SPRINT_THIRD",
  "RACE_FIRST",
  "RACE_SECOND",
  "RACE_THIRD",
  "POSITION_GAINED",
]);
export const StatisticsScope = z.enum(["RACE", "SPRINT", "TOTAL"]);
export const RankingKind = z.enum(["TOP", "PERFORMING"]);
export const QuestionCategory = z.enum([
  "ABOUT_RIDERS",
  "ABOUT_MANUFACTURER",
  "ABOUT_GRAN_PRIX",
  "ABOUT_GURU",
  "ABOUT_GENERAL",
]);
export const QuestionFilter = z.enum(["WITH_ANSWER", "WITHOUT_ANSWER"]);
export const QuestionResult = z.enum(["CORRECT", "WRONG", "WAITING"]);
export const BetType = z.enum(["WIN", "PLACE", "SHOW", "ACROSS"]);
export const TransactionKind = z.enum(["external", "internal"]);
export const SearchTarget = z.enum(["USERS", "LEAGUES"]);
export const MessageKind = z.enum(["REQUEST", "INFO"]);
export const SocialProvider = z.enum(["google", "facebook", "twitter"]);

export const RaceStatus = z.enum(["STARTED", "PENDING", "CANCELED"]);
export const PredictionState = z.enum(["MADE", "ACCURATE", "INACCURATE", "CANCELED", "INSURANCE"]);
export const PaymentState = z.enum(["CREATED", "SAVED", "APPROVED", "VOIDED", "COMPLETED", "PAYER_ACTION_REQUIRED"]);
export const UpgradeButtonState = z.enum([
  "UPGRADE",
  "UPGRADE_PODIUM",
  "UPGRADE_ACTIVE",
  "UPGRADE_DISABLED",
  "INSURANCE",
  "INSURANCE_ACTIVE",
  "INSURANCE_DISABLED",
]);
export const PredictionActionType = z.enum([
  "PREDICTION",
  "PREDICTION_RACE",
  "PREDICTION_SPRINT",
  "PREDICTION_INSURANCE_RACE",
  "PREDICTION_INSURANCE_SPRINT",
]);
export const RaceNotificationEvent = z.enum(["RACE_STARTING_SOON", "RACE_STARTED", "RACE_ENDED", "RACE_CANCELED"]);
export const InjuredNoticeKind = z.enum(["predictions", "bets", "both"]);

export const ModalKind = z.enum([
  "Confirmation",
  "Invite",
  "Retry",
  "ChooseAnswer",
  "PredictionRider",
  "Prize",
  "FirstModal",
  "ChooseRider",
  "RecoveryPassword",
  "ImageAndTitle",
  "SignIn",
  "SignUp",
  "ChangePassword",
  "MembersByLeague",
  "Upgrade",
  "UpgradeFinal",
  "Processing",
  "NotificationWithImage",
  "BetOnRider",
  "AcrossInfo",
  "NewsModal",
  "AllUserBets",
  "ChangePrediction",
]);

export const languageCodes = [
  "en",
  "es",
  "fr",
  "id",
  "zh",
  "ja",
  "de",
  "ru",
  "pt",
  "el",
  "it",
  "ko",
  "ms",
  "th",
  "vi",
] as const;
export const LanguageCode = z.enum(languageCodes);

export type LeagueType = z.infer<typeof LeagueType>;
export type LeagueMemberStatus = z.infer<typeof LeagueMemberStatus>;
export type SessionType = z.infer<typeof SessionType>;
export type PredictionCategory = z.infer<typeof PredictionCategory>;
export type ModalKind = z.infer<typeof ModalKind>;
export type LanguageCode = z.infer<typeof LanguageCode>;
export type SocialProvider = z.infer<typeof SocialProvider>;
export type UpgradeButtonState = z.infer<typeof UpgradeButtonState>;
export type QuestionCategory = z.infer<typeof QuestionCategory>;
export type QuestionResult = z.infer<typeof QuestionResult>;
