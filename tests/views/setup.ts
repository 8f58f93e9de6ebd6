import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { i18n, initI18n, namespaces } from "../../src/i18n/i18n";

// jsdom has no matchMedia and Radix / responsive code asks for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The views share the machine's two cores with the server tests, which run two files at a time: a screen that needs a
// little longer than the library's one second to show its data is slow, not wrong.
configure({ asyncUtilTimeout: 4000 });

// Views are tested in English with every namespace loaded up front, so no test waits on Suspense for texts.
beforeAll(async () => {
  await initI18n("en");
  await i18n.loadNamespaces([...namespaces]);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
