import { Suspense, type ReactNode } from "react";
import { RouteFallback } from "../RouteFallback";
import { useTranslation } from "react-i18next";
import { Footer } from "./Footer";
import { Header } from "./Header";
import styles from "./Layout.module.css";

export const MAIN_ID = "main";

/** Header + main landmark + footer (the footer stays outside <main> on every page), with a skip link first. */
export function Layout({ children, withHeader = true }: { children: ReactNode; withHeader?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <>
      <a className={styles.skip} href={`#${MAIN_ID}`}>
        {t("skipToContent")}
      </a>
      {withHeader ? <Header /> : null}
      <main id={MAIN_ID} tabIndex={-1} className={withHeader ? styles.main : styles.bare}>
        <Suspense fallback={<RouteFallback />}>{children}</Suspense>
      </main>
      <Footer />
    </>
  );
}
