// Every QA path of the sandboxCheckout machine (docs/qa/sandboxCheckout.md) played on the sandbox's checkout page.
import { sandboxCheckoutDriver } from "./sandboxCheckout.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

walkEveryPathInJsdom(sandboxCheckoutDriver);
