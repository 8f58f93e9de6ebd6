// Every QA path of the betPlacement machine (docs/qa/betPlacement.md) played in Chromium against the real
// product, on the Bets screen's BetOnRider modal.
import { betPlacementDriver } from "./betPlacement.driver";
import { walkEveryPathOnProduct } from "./walkInBrowser";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";

walkEveryPathOnProduct((url) => betPlacementDriver(url, ADMIN_TOKEN), { ADMIN_TOKEN });
