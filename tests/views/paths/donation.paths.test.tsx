// Every QA path of the donation machine (docs/qa/donation.md) played on the profile's Donate panel.
import { donationDriver } from "./donation.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

walkEveryPathInJsdom(donationDriver);
