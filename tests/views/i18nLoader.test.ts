import { createInstance } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLocaleBackend, loaderRetryOptions } from "../../src/i18n/i18n";

afterEach(() => {
  vi.useRealTimers();
});

describe("the translation loader retries up to 5 times from 350 ms, doubling", () => {
  it("retries a failing locale file after 350 ms, then 700 ms, and uses it once it loads", async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const attemptTimes: number[] = [];
    const files = {
      "./locales/en/common.json": async () => {
        attempts += 1;
        attemptTimes.push(Date.now());
        if (attempts < 3) throw new Error("chunk failed to load");
        return { default: { hello: "Hello" } };
      },
    };
    const instance = createInstance();
    const ready = instance
      .use(createLocaleBackend(files))
      .init({ lng: "en", ns: ["common"], defaultNS: "common", ...loaderRetryOptions });
    await vi.advanceTimersByTimeAsync(349);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(699);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(attempts).toBe(3);
    expect(instance.t("hello")).toBe("Hello");
  });

  it("gives up after 5 retries (6 attempts in all)", async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const files = {
      "./locales/en/common.json": async () => {
        attempts += 1;
        throw new Error("offline");
      },
    };
    const instance = createInstance();
    const ready = instance
      .use(createLocaleBackend(files))
      .init({ lng: "en", ns: ["common"], defaultNS: "common", ...loaderRetryOptions });
    await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 2800 + 5600 + 100);
    await ready;
    expect(attempts).toBe(6);
    expect(loaderRetryOptions).toEqual({ maxRetries: 5, retryTimeout: 350 });
  });
});

describe("dates follow the language (dayjs), though English never loads dayjs' locale chunk", () => {
  it("switches dayjs to the chosen language and back to English", async () => {
    const dayjs = (await import("dayjs")).default;
    const { i18n } = await import("../../src/i18n/i18n");
    // The views start on the landing, where dayjs waits for the first screen's paint.
    (await import("../../src/lib/firstPaint")).firstScreenCommitted();
    expect(dayjs.locale()).toBe("en");
    await i18n.changeLanguage("de");
    await vi.waitFor(() => expect(dayjs.locale()).toBe("de"));
    await i18n.changeLanguage("en");
    await vi.waitFor(() => expect(dayjs.locale()).toBe("en"));
  });
});
