// Every QA path of the store machine (docs/qa/store.md) played on the Store screen with its real owner.
import { storeDriver } from "./store.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

walkEveryPathInJsdom(storeDriver);
