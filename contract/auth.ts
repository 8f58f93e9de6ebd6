import * as z from "zod";
import { SocialProvider } from "./enums";
import { safeName } from "./text";
import { confirmationCode, confirmPassword, email, languageTag, password, required } from "./validation";

export const NAME_MIN = 3;
export const NAME_MAX = 30;
export const playerName = () => safeName().min(NAME_MIN, { error: "minLength" }).max(NAME_MAX, { error: "maxLength" });

export const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof Tokens>;

export const SignInEmailBody = z.object({
  email: email(),
  password: z.string({ error: "required" }).min(1, { error: "required" }).max(128, { error: "maxLength" }),
  rememberMe: z.boolean().default(false),
});
export type SignInEmailBody = z.input<typeof SignInEmailBody>;

/** `/auth/sign-in`: the same as by e-mail, but `login` may be the e-mail or the player name. */
export const SignInBody = z.object({
  login: required().max(254, { error: "maxLength" }),
  password: z.string({ error: "required" }).min(1, { error: "required" }).max(128, { error: "maxLength" }),
  rememberMe: z.boolean().default(false),
});

export const SignUpBody = z
  .object({
    name: playerName(),
    email: email(),
    password: password(),
    confirmPassword: confirmPassword(),
    agree: z.literal(true, { error: "termsRequired" }),
    lng: languageTag().optional(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ["confirmPassword"], error: "passwordsMustMatch" });
export type SignUpBody = z.input<typeof SignUpBody>;
export const SignUpResult = z.object({ email: z.string() });

export const SignUpConfirmBody = z.object({ token: required().max(200, { error: "maxLength" }) });
export const SignUpConfirmResult = Tokens.extend({ isNew: z.boolean() });

export const RefreshBody = z.object({
  refreshToken: z.string({ error: "refreshTokenNotExists" }).min(1, { error: "refreshTokenNotExists" }),
});

export const RecoverySendCodeBody = z.object({ email: email() });
export const RecoveryValidateBody = z.object({ email: email(), code: confirmationCode() });
export const RecoveryNewPasswordBody = z
  .object({ email: email(), code: confirmationCode(), password: password(), confirmPassword: confirmPassword() })
  .refine((b) => b.password === b.confirmPassword, { path: ["confirmPassword"], error: "passwordsMustMatch" });
export type RecoveryNewPasswordBody = z.input<typeof RecoveryNewPasswordBody>;

export const ChangePasswordBody = z
  .object({
    oldPassword: z.string({ error: "required" }).min(1, { error: "required" }),
    password: password(),
    confirmPassword: confirmPassword(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ["confirmPassword"], error: "passwordsMustMatch" });
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** Which social providers the server has credentials for (their buttons hide otherwise). */
export const SocialProviders = z.object({ providers: z.array(SocialProvider) });
