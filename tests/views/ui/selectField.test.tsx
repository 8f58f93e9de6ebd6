// One select for every form (src/ui/SelectField.tsx): labelled and described like a text field, so the new-rider
// form, the profile and the league form draw and announce their selects the same way.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CountryOptions, SelectField } from "../../../src/ui/SelectField";
import { TextField } from "../../../src/ui/TextField";

const countries = [
  { code: "IT", name: "Italy", sign: "🇮🇹" },
  { code: "ES", name: "Spain", sign: "🇪🇸" },
];

describe("a select field is a text field's sibling", () => {
  it("is named by its label, says its error and is marked invalid, and hands the chosen value on", async () => {
    const onChange = vi.fn();
    render(
      <SelectField label="Country" value="" error="Choose a country" onChange={onChange}>
        <option value="">None</option>
        <CountryOptions countries={countries} />
      </SelectField>,
    );
    const select = screen.getByRole("combobox", { name: "Country" });
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(select.getAttribute("aria-describedby")!)?.textContent).toBe("Choose a country");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["None", "🇮🇹 Italy", "🇪🇸 Spain"]);
    await userEvent.selectOptions(select, "ES");
    expect(onChange).toHaveBeenCalledWith("ES");
  });

  it("draws its label and box with the text field's classes", () => {
    render(
      <>
        <TextField label="Name" value="" onChange={() => undefined} />
        <SelectField label="Team" value="" onChange={() => undefined}>
          <option value="">None</option>
        </SelectField>
      </>,
    );
    const text = screen.getByRole("textbox", { name: "Name" });
    const select = screen.getByRole("combobox", { name: "Team" });
    expect(select.className).toBe(text.className);
    expect(screen.getByText("Team").className).toBe(screen.getByText("Name").className);
  });
});
