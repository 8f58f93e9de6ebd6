import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import NotFoundScreen from "../../../src/screens/notFound/NotFoundScreen";
import { renderWithApp, resetApp } from "../renderWithApp";
import { stubRoutes } from "./stubRoutes";

afterEach(resetApp);

describe("the not-found page (spec: an unknown route shows a not-found page)", () => {
  it("says the page is missing and links home and to predictions", () => {
    stubRoutes(() => undefined);
    renderWithApp(<NotFoundScreen />, { path: "/no-such-page" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("You ran wide");
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Go to predictions" }).getAttribute("href")).toBe("/predictions");
  });
});
