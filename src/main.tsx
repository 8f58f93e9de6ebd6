import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { paths } from "./config/paths";
import { prepareDateFormats } from "./i18n/formats";
import { initI18n, storedLanguage } from "./i18n/i18n";
import { zodWithoutEval } from "./zodJitless";

zodWithoutEval();

void initI18n();
if (location.pathname !== paths.home) {
  prepareDateFormats(storedLanguage());
  // Every page but the landing has the header, whose chunk imports the API client's: asked for first, that chunk
  // arrives and runs in a task of its own instead of inside the header's (~100 ms together on a phone).
  void import("./api/client");
}
// On the landing, its chunk loads beside the first translations instead of after them (the
// layout waits for "common" before it renders the screen that would ask for it).
if (location.pathname === paths.home) void import("./screens/landing/LandingScreen");

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
