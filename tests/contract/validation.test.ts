import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  ChangePasswordBody,
  RecoveryNewPasswordBody,
  RecoveryValidateBody,
  RefreshBody,
  SignInBody,
  SignUpBody,
} from "../../contract/auth";
import { PageQuery } from "../../contract/common";
import { UpdateProfileBody } from "../../contract/users";
import { fieldErrors, PASSWORD_MAX, PASSWORD_MIN } from "../../contract/validation";

// Spec section 5, checked through the path the server and the forms share: schema → fieldErrors.
function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return fieldErrors(result.error);
}

const validSignUp = {
  name: "Pecco63",
  email: "pecco@example.com",
  password: "Lean-1-angle",
  confirmPassword: "Lean-1-angle",
  agree: true,
} as const;

describe("Required: 'This is a required field'", () => {
  it("rejects an empty or blank text field", () => {
    const errors = errorsOf(SignInBody, { login: "   ", password: "" });
    expect(errors.login).toMatchObject({ code: "required", message: "This is a required field" });
    expect(errors.password).toMatchObject({ code: "required", message: "This is a required field" });
  });

  it("rejects a missing field the same way", () => {
    const errors = errorsOf(SignUpBody, {});
    for (const field of ["name", "email", "password", "confirmPassword"]) {
      expect(errors[field], field).toMatchObject({ code: "required", params: { field } });
    }
  });
});

describe("Min length: 'Please enter more than {min} characters', true to the rule", () => {
  it("names the longest length refused, one under the minimum (3 characters: 'more than 2')", () => {
    expect(errorsOf(SignUpBody, { ...validSignUp, name: "ab" }).name).toEqual({
      code: "minLength",
      params: { field: "name", min: 2 },
      message: "Please enter more than 2 characters",
    });
    expect(SignUpBody.safeParse({ ...validSignUp, name: "abc" }).success).toBe(true);
  });

  it("applies the password minimum", () => {
    const short = "a1!".padEnd(PASSWORD_MIN - 1, "x");
    expect(errorsOf(SignUpBody, { ...validSignUp, password: short, confirmPassword: short }).password).toMatchObject({
      code: "minLength",
      params: { min: PASSWORD_MIN - 1 },
    });
  });
});

describe("Max length: 'Please enter less than {max} characters', true to the rule", () => {
  it("names the shortest length refused, one over the maximum (30 characters: 'less than 31')", () => {
    expect(errorsOf(SignUpBody, { ...validSignUp, name: "x".repeat(31) }).name).toEqual({
      code: "maxLength",
      params: { field: "name", max: 31 },
      message: "Please enter less than 31 characters",
    });
    expect(SignUpBody.safeParse({ ...validSignUp, name: "x".repeat(30) }).success).toBe(true);
  });

  it("applies to optional profile texts and the password", () => {
    expect(errorsOf(UpdateProfileBody, { bio: "b".repeat(301) }).bio).toMatchObject({
      code: "maxLength",
      params: { max: 301 },
    });
    const long = `a1!${"x".repeat(PASSWORD_MAX)}`;
    expect(errorsOf(SignUpBody, { ...validSignUp, password: long, confirmPassword: long }).password).toMatchObject({
      code: "maxLength",
      params: { max: PASSWORD_MAX + 1 },
    });
  });
});

describe("Email: 'Please enter valid email'", () => {
  it.each(["pecco", "pecco@", "@example.com", "pecco example.com"])("rejects %j", (email) => {
    expect(errorsOf(SignUpBody, { ...validSignUp, email }).email).toMatchObject({
      code: "email",
      message: "Please enter valid email",
    });
  });

  it("accepts a plain address", () => {
    expect(SignUpBody.safeParse(validSignUp).success).toBe(true);
  });
});

describe("Not an ETH address: 'It is not ETH address'", () => {
  it.each(["0x123", "1x52908400098527886E0F7030069857D2E4169EE7", "0x52908400098527886E0F7030069857D2E4169EZ"])(
    "rejects %j",
    (walletAddress) => {
      expect(errorsOf(UpdateProfileBody, { walletAddress }).walletAddress).toMatchObject({
        code: "ethAddress",
        message: "It is not ETH address",
      });
    },
  );

  it("accepts 0x and 40 hex digits, and an empty field as not set", () => {
    expect(UpdateProfileBody.parse({ walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7" }).walletAddress).toBe(
      "0x52908400098527886E0F7030069857D2E4169EE7",
    );
    expect(UpdateProfileBody.parse({ walletAddress: "" }).walletAddress).toBeUndefined();
  });
});

describe("Phone: 'Phone is not valid'", () => {
  it.each(["call me", "12", "+44 (0) 20 7946 0958 ext 12"])("rejects %j", (phone) => {
    expect(errorsOf(UpdateProfileBody, { phone }).phone).toMatchObject({
      code: "phone",
      message: "Phone is not valid",
    });
  });

  it("accepts an international number with spaces, dashes and brackets", () => {
    expect(UpdateProfileBody.safeParse({ phone: "+39 (055) 123-4567" }).success).toBe(true);
  });
});

describe("Confirmation code: 'Invalid confirmation code'", () => {
  it.each(["12345", "1234567", "12a456"])("rejects %j", (code) => {
    expect(errorsOf(RecoveryValidateBody, { email: "pecco@example.com", code }).code).toMatchObject({
      code: "invalidConfirmationCode",
      message: "Invalid confirmation code",
    });
  });
});

describe("A password needs letters, digits and special symbols", () => {
  it.each(["onlyletters", "12345678", "letters123", "letters!!!", "1234!!!!"])("rejects %j", (password) => {
    expect(errorsOf(SignUpBody, { ...validSignUp, password, confirmPassword: password }).password).toMatchObject({
      code: "passwordRule",
      message: "The password needs letters, digits and special symbols",
    });
  });

  it("accepts letters of any alphabet", () => {
    expect(
      SignUpBody.safeParse({ ...validSignUp, password: "Пароль-2024", confirmPassword: "Пароль-2024" }).success,
    ).toBe(true);
  });
});

describe("Passwords must match", () => {
  it.each([
    ["sign-up", SignUpBody, validSignUp],
    [
      "change password",
      ChangePasswordBody,
      { oldPassword: "Old-pass-1", password: "Lean-1-angle", confirmPassword: "Lean-1-angle" },
    ],
    [
      "recovery",
      RecoveryNewPasswordBody,
      { email: "pecco@example.com", code: "123456", password: "Lean-1-angle", confirmPassword: "Lean-1-angle" },
    ],
  ] as const)("reports %s confirmation on the confirmPassword field", (_, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(errorsOf(schema, { ...valid, confirmPassword: "Lean-1-angle?" }).confirmPassword).toEqual({
      code: "passwordsMustMatch",
      params: { field: "confirmPassword" },
      message: "Passwords must match",
    });
  });
});

describe("Sign-up needs agreement to terms and privacy policy", () => {
  it.each([false, undefined])("rejects agree = %s", (agree) => {
    expect(errorsOf(SignUpBody, { ...validSignUp, agree }).agree).toMatchObject({
      code: "termsRequired",
      message: "You need to agree to the terms and privacy policy",
    });
  });
});

describe("Number min and max: '{field} must be greater/less than or equal to {min}/{max}'", () => {
  it("names the field and the bound", () => {
    expect(errorsOf(PageQuery, { take: "0" }).take).toEqual({
      code: "numberMin",
      params: { field: "take", min: 1 },
      message: "take must be greater than or equal to 1",
    });
    expect(errorsOf(PageQuery, { take: "101" }).take).toEqual({
      code: "numberMax",
      params: { field: "take", max: 100 },
      message: "take must be less than or equal to 100",
    });
  });
});

describe("Refresh without a stored refresh token fails with 'Refresh token not exists'", () => {
  it.each([{}, { refreshToken: "" }])("rejects %j", (body) => {
    expect(errorsOf(RefreshBody, body).refreshToken).toMatchObject({
      code: "refreshTokenNotExists",
      message: "Refresh token not exists",
    });
  });
});

describe("fieldErrors keeps the first error of each field, keyed by its dotted path", () => {
  it("reports an empty password as required, not also as too short", () => {
    expect(errorsOf(SignUpBody, { ...validSignUp, password: "" }).password.code).toBe("required");
  });

  it("joins nested paths with dots and uses _ for the root", () => {
    const schema = z.object({ favourites: z.object({ rider: z.string({ error: "required" }) }) });
    expect(Object.keys(errorsOf(schema, { favourites: {} }))).toEqual(["favourites.rider"]);
    expect(Object.keys(errorsOf(z.string({ error: "required" }), 1))).toEqual(["_"]);
  });

  it("falls back to validation ('Some fields are not valid') for an issue with no message code", () => {
    expect(errorsOf(z.object({ a: z.string().uuid() }), { a: "nope" }).a.code).toBe("validation");
  });
});
