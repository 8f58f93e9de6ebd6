// Every QA path of the purchase machine (docs/qa/purchase.md) played on the Store screen, on the purchase its real
// owner spawns.
import { purchaseDriver } from "./purchase.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

walkEveryPathInJsdom(purchaseDriver);
