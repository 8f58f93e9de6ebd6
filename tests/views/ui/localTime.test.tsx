// The one component every countdown, lock and session time uses (src/ui/LocalTime.tsx): the player's time with its
// zone named, and a real button that reveals the circuit's time and UTC on a tap, Enter or Space.
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { deviceTimeZone, formatZoned, timeReadings } from "../../../contract/timeDisplay";
import { i18n } from "../../../src/i18n/i18n";
import { CircuitZone, LocalTime, TimeInText } from "../../../src/ui/LocalTime";

// Summer time at the circuit: 12:00 UTC is 14:00 CEST in Brno, whatever zone the machine running this is in.
const AT = "2026-06-07T12:00:00.000Z";
const mine = formatZoned(AT, "en", deviceTimeZone());

const toggle = () => screen.getByRole("button", { name: `${mine} (show circuit time and UTC)` });
const more = () => screen.getByTestId("local-time-more");

describe("a time is shown in the player's zone and reveals the circuit's and UTC", () => {
  it("shows the player's time with its zone; a tap reveals the circuit's (named) and UTC, a second hides them", () => {
    render(<LocalTime at={AT} circuitZone="Europe/Prague" />);
    expect(toggle().textContent).toContain(mine);
    expect(screen.getByText(mine).closest("time")?.getAttribute("dateTime")).toBe(AT);
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(more().hidden).toBe(true);
    expect(toggle().getAttribute("aria-controls")).toBe(more().id);

    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(more().hidden).toBe(false);
    expect(more().textContent).toBe("Circuit: Sun, Jun 7, 02:00 PM GMT+2 · UTC: Sun, Jun 7, 12:00 PM");

    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(more().hidden).toBe(true);
  });

  it("opens and closes from the keyboard: Enter, then Space", async () => {
    const user = userEvent.setup();
    render(<LocalTime at={AT} circuitZone="Europe/Prague" />);
    await user.tab();
    expect(document.activeElement).toBe(toggle());
    await user.keyboard("{Enter}");
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(more().hidden).toBe(false);
    await user.keyboard(" ");
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    await user.keyboard(" ");
    expect(more().textContent).toContain("UTC: Sun, Jun 7, 12:00 PM");
  });

  it("takes the circuit's zone from the page around it, and offers UTC alone when no zone is known", () => {
    const { unmount } = render(
      <CircuitZone.Provider value="Asia/Bangkok">
        <LocalTime at={AT} />
      </CircuitZone.Provider>,
    );
    fireEvent.click(toggle());
    expect(more().textContent).toBe("Circuit: Sun, Jun 7, 07:00 PM GMT+7 · UTC: Sun, Jun 7, 12:00 PM");
    unmount();

    render(<LocalTime at={Date.parse(AT)} />);
    fireEvent.click(screen.getByRole("button", { name: `${mine} (show UTC)` }));
    expect(more().textContent).toBe("UTC: Sun, Jun 7, 12:00 PM");
  });

  it("speaks the player's language, the circuit's zone named in it", async () => {
    await i18n.changeLanguage("de");
    try {
      render(<LocalTime at={AT} circuitZone="Europe/Prague" />);
      const de = timeReadings(AT, "de", "Europe/Prague");
      fireEvent.click(screen.getByRole("button", { name: `${de.player} (Streckenzeit und UTC zeigen)` }));
      expect(more().textContent).toBe(`Strecke: ${de.circuit} · UTC-Zeit: ${de.utc}`);
      expect(de.circuit).toContain("MESZ");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("sits inside a translated sentence where the language puts the time", () => {
    render(
      <p data-testid="sentence">
        <TimeInText text={(time) => `Closes ${time}, be quick`} time={<LocalTime at={AT} circuitZone="UTC" />} />
      </p>,
    );
    const sentence = screen.getByTestId("sentence");
    expect(sentence.firstChild?.textContent).toBe("Closes ");
    expect(sentence.lastChild?.textContent).toBe(", be quick");
    expect(sentence.querySelector("button")?.textContent).toContain(mine);
  });

  it("axe finds nothing, closed or open", async () => {
    const { container } = render(
      <p>
        <LocalTime at={AT} circuitZone="Europe/Prague" />
      </p>,
    );
    const rules = { rules: { "color-contrast": { enabled: false } } };
    expect((await axe.run(container, rules)).violations.map((v) => v.id)).toEqual([]);
    fireEvent.click(toggle());
    expect((await axe.run(container, rules)).violations.map((v) => v.id)).toEqual([]);
  }, 20_000);
});
