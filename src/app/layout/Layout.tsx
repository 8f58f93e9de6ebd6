import { lazy, Suspense, type ReactNode } from "react";
import { RouteFallback } from "../../ui/RouteFallback";
import { useTranslation } from "react-i18next";
import { FirstPaintMark, useFooterWanted } from "../../lib/firstPaint";
import styles from "./Layout.module.css";

export const MAIN_ID = "main";

// The header (session, notifications) and the footer (links from the API) are their own chunks,
// so the landing (no header, footer below the fold) paints without the API client and the app actor.
const Header = lazy(() => import("./Header").then((m) => ({ default: m.Header })));
const Footer = lazy(() => import("./Footer").then((m) => ({ default: m.Footer })));

/** On the landing after its first paint; on any other first page once its first screen settled (src/lib/firstPaint.ts). */
function DeferredFooter() {
  return useFooterWanted() ? (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  ) : null;
}

/** Header + main landmark + footer (the footer stays outside <main> on every page), with a skip link first. */
export function Layout({ children, withHeader = true }: { children: ReactNode; withHeader?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        {t("skipToContent")}
      </a>
      {withHeader ? (
        <Suspense fallback={<div className={styles.headerSlot} />}>
          <Header />
        </Suspense>
      ) : null}
      <main id={MAIN_ID} tabIndex={-1} className={withHeader ? styles.main : styles.bare}>
        <Suspense fallback={<RouteFallback />}>
          {children}
          <FirstPaintMark />
        </Suspense>
      </main>
      <DeferredFooter />
    </>
  );
}
