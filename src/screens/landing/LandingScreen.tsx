import { LandingTopBar } from "./LandingTopBar";
import { LandingHero } from "./LandingHero";
import { OfficialGameSection } from "./OfficialGameSection";
import { LeagueTypesSection } from "./LeagueTypesSection";
import { FeatureSplit } from "./FeatureSplit";
import { CtaBanner } from "./CtaBanner";
import { PrizesSection } from "./PrizesSection";
import { lazy, Suspense, type ReactNode } from "react";
import { FirstPaintMark, useAfterFirstPaint } from "../../lib/firstPaint";
import { paths } from "../../config/paths";
import phoneImage from "../../assets/phone.svg";
import helmetImage from "../../assets/helmet.svg";
import microphoneImage from "../../assets/microphone.svg";
import passImage from "../../assets/paddock-pass.svg";
import styles from "./LandingScreen.module.css";

// The sections that read the API (links, news) are their own chunks, loaded with the API client
// once the hero has painted, so the first paint needs none of it.
const SponsorsSection = lazy(() => import("./SponsorsSection").then((m) => ({ default: m.SponsorsSection })));
const MediaSection = lazy(() => import("./MediaSection").then((m) => ({ default: m.MediaSection })));
const DownloadSection = lazy(() => import("./DownloadSection").then((m) => ({ default: m.DownloadSection })));
const GuruSpeakShow = lazy(() =>
  import("../../features/news/GuruSpeakShow").then((m) => ({ default: m.GuruSpeakShow })),
);

/** While its chunks load, the group keeps a screen's height below the hero, so the footer never shows above it. */
function AfterPaint({ children }: { children: ReactNode }) {
  const pending = <div className={styles.pending} />;
  return useAfterFirstPaint() ? <Suspense fallback={pending}>{children}</Suspense> : pending;
}

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
        {/* Below the fold, in one boundary (nothing moves once shown): rendered once the hero has painted,
            so the first paint creates the top bar and the hero only. */}
        <AfterPaint>
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
        </AfterPaint>
      </div>
      <FirstPaintMark />
    </div>
  );
}
