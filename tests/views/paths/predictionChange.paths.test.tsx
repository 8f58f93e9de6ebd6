// Every QA path of the predictionChange machine (docs/qa/predictionChange.md) played in the Predictions screen's
// ChangePrediction modal.
import { predictionChangeDriver } from "./predictionChange.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

walkEveryPathInJsdom(predictionChangeDriver);
