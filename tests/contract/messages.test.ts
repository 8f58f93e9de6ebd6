import { describe, expect, it } from "vitest";
import { formatMessage, isMessageCode, messageCodes, messages } from "../../contract/messages";

describe("formatMessage fills {{params}} into the English text", () => {
  it("fills every param", () => {
    expect(formatMessage("numberMin", { field: "Amount", min: 30 })).toBe("Amount must be greater than or equal to 30");
  });

  it("returns texts without params unchanged", () => {
    expect(formatMessage("raceStarted")).toBe("Race has already started");
  });

  it("leaves a missing param empty rather than showing the placeholder", () => {
    expect(formatMessage("maxLength")).toBe("Please enter less than  characters");
  });

  it.each(messageCodes)("%s leaves no placeholder behind once its params are given", (code) => {
    const params = { min: 3, max: 30, field: "name" };
    expect(formatMessage(code, params)).not.toMatch(/\{\{|\}\}/);
  });
});

describe("the message catalogue holds the spec's texts word for word", () => {
  it.each([
    ["required", "This is a required field"],
    ["fieldRequired", "This field is required"],
    ["minLength", "Please enter more than {{min}} characters"],
    ["maxLength", "Please enter less than {{max}} characters"],
    ["ethAddress", "It is not ETH address"],
    ["numberMin", "{{field}} must be greater than or equal to {{min}}"],
    ["numberMax", "{{field}} must be less than or equal to {{max}}"],
    ["url", "The link must contain"],
    ["email", "Please enter valid email"],
    ["phone", "Phone is not valid"],
    ["invalidConfirmationCode", "Invalid confirmation code"],
    ["notImage", "The file given is not an image"],
    ["notBlob", "The file given is not an instance of Blob or File"],
    ["refreshTokenNotExists", "Refresh token not exists"],
  ] as const)("%s is %j", (code, text) => {
    expect(messages[code]).toBe(text);
  });
});

describe("isMessageCode tells catalogue codes from anything else", () => {
  it("accepts every code", () => {
    expect(messageCodes.every(isMessageCode)).toBe(true);
  });

  it.each(["", "Required", "toString", 1, null, undefined])("rejects %j", (value) => {
    expect(isMessageCode(value)).toBe(false);
  });
});
