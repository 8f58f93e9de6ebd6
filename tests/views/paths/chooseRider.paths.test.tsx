// Every QA path of the chooseRider machine (docs/qa/chooseRider.md) played in the Predictions screen's ChooseRider
// modal, on the chooser the weekend spawns from a card.
import { vi } from "vitest";
import { chooseRiderDriver } from "./chooseRider.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The board joins in a transition once its data is in, and the modal goes through the modal host.
vi.setConfig({ testTimeout: 20_000 });

walkEveryPathInJsdom(chooseRiderDriver, { stepTimeout: 6000 });
