// Every QA path of the predictionChange machine (docs/qa/predictionChange.md) played in Chromium
// against the real product, through the ChangePrediction modal (driver: predictionChange.driver.ts).
import { predictionChangeDriver } from "./predictionChange.driver";
import { walkEveryPathOnProduct } from "./walkInBrowser";

walkEveryPathOnProduct(predictionChangeDriver);
