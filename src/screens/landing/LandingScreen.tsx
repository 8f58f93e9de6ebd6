import { LandingTopBar } from "./LandingTopBar";
import { LandingHero } from "./LandingHero";
import { OfficialGameSection } from "./OfficialGameSection";
import { LeagueTypesSection } from "./LeagueTypesSection";
import { FeatureSplit } from "./FeatureSplit";
import { CtaBanner } from "./CtaBanner";
import { PrizesSection } from "./PrizesSection";
import { GuruSpeakShow } from "../../features/news/GuruSpeakShow";
import { SponsorsSection } from "./SponsorsSection";
import { MediaSection } from "./MediaSection";
import { DownloadSection } from "./DownloadSection";
import { paths } from "../../app/paths";
import phoneImage from "../../assets/phone.svg";
import helmetImage from "../../assets/helmet.svg";
import microphoneImage from "../../assets/microphone.svg";
import passImage from "../../assets/paddock-pass.svg";
import styles from "./LandingScreen.module.css";

/**
 * Spec section 2, the landing page: every section in the spec's order, then the shared footer.
 * The layout already gives this screen its <main> landmark (without the header), so sections sit in a div.
 */
export default function LandingScreen() {
  return (
    <div className={styles.page}>
      <LandingTopBar />
      <div className={styles.main}>
        <LandingHero />
        <OfficialGameSection />
        <LeagueTypesSection />
        <FeatureSplit id="anywhere" ns="anywhere" image={phoneImage} points={["point1", "point2", "point3"]} />
        <FeatureSplit id="endorsed" ns="endorsed" image={helmetImage} reverse />
        <CtaBanner id="get-started" ns="getStarted" to={paths.predictions} tone="accent" />
        <PrizesSection />
        <FeatureSplit id="guru" ns="guru" image={microphoneImage} badge />
        <GuruSpeakShow />
        <SponsorsSection />
        <CtaBanner id="create-league" ns="createLeague" to={paths.createLeague} tone="dark" />
        <FeatureSplit id="paddock" ns="paddock" image={passImage} reverse />
        <MediaSection />
        <DownloadSection />
      </div>
    </div>
  );
}
