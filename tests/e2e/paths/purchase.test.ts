// Every QA path of the purchase machine (docs/qa/purchase.md) played in Chromium against the real
// product, on the Store with the built-in sandbox payment provider.
import { purchaseDriver } from "./purchase.driver";
import { walkEveryPathOnProduct } from "./walkInBrowser";

walkEveryPathOnProduct(purchaseDriver);
