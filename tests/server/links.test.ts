// Each link of GET /system/links is a setting (LINK_<NAME>); the help centre and the information
// pages default to the product's own relative paths, and an operator's address (external or not) replaces them.
import { describe, expect, it } from "vitest";
import { linksFrom } from "../../server/modules/system/service";

describe("linksFrom", () => {
  it("defaults to the product's own pages, relative to any host", () => {
    const links = linksFrom({});
    expect(links).toMatchObject({
      helpCentre: "/faq",
      terms: "/terms",
      privacy: "/privacy",
      about: "/about",
      contact: "/contact",
    });
  });

  it("takes each address from LINK_<NAME>, trimmed; a blank setting keeps the default", () => {
    const links = linksFrom({
      LINK_HELP_CENTRE: " https://help.example.com/ ",
      LINK_TERMS: "https://legal.example.com/terms",
      LINK_CONTACT: "  ",
    });
    expect(links.helpCentre).toBe("https://help.example.com/");
    expect(links.terms).toBe("https://legal.example.com/terms");
    expect(links.contact).toBe("/contact");
    expect(links.privacy).toBe("/privacy");
  });
});
