import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LeagueType } from "../../../contract/enums";
import { FADE_MS } from "../../config/paths";
import { TabPanel, Tabs } from "../../ui/Tabs";
import { LeagueEmblem } from "../../ui/LeagueEmblem";
import { SectionHeading } from "./SectionHeading";
import section from "./Section.module.css";
import styles from "./LeagueTypesSection.module.css";

// Literal values (type-checked against the contract): the landing does not load zod for them.
const order: readonly LeagueType[] = ["PUBLIC", "PRIVATE", "VIP"];
const textKey = { PUBLIC: "public", PRIVATE: "private", VIP: "vip" } as const;

/**
 * The three league types as tabs; a panel the player chose fades in over the spec's 333 ms. The first one is drawn
 * at once: a fade on mount would replay whenever the landing is mounted again (the deferred runtime arriving under a
 * signed-in tab), leaving its text faint for a moment with nobody having asked for anything.
 */
export function LeagueTypesSection() {
  const { t } = useTranslation("landing");
  const [type, setType] = useState<LeagueType>("PUBLIC");
  const [chosen, setChosen] = useState(false);
  const key = textKey[type];
  return (
    <section id="leagues" className={`${section.section} ${section.alt}`} aria-labelledby="leagues-title">
      <div className={section.container}>
        <SectionHeading id="leagues-title" title={t("leagues.title")} lead={t("leagues.lead")} />
        <div className={styles.layout}>
          <div className={styles.tabs}>
            <Tabs<LeagueType>
              label={t("leagues.tabsLabel")}
              idPrefix="league-types"
              value={type}
              onChange={(next) => {
                setChosen(true);
                setType(next);
              }}
              items={order.map((k) => ({ key: k, label: t(`leagues.${textKey[k]}Tab`) }))}
            />
          </div>
          <TabPanel idPrefix="league-types" tabKey={type} className={styles.panelWrap}>
            <div
              key={type}
              className={chosen ? `${styles.panel} ${styles.fading}` : styles.panel}
              style={chosen ? { animationDuration: `${FADE_MS}ms` } : undefined}
              data-testid="league-panel"
            >
              <LeagueEmblem type={type} />
              <div>
                <h3 className={styles.panelTitle}>{t(`leagues.${key}Title`)}</h3>
                <p className={styles.panelText}>{t(`leagues.${key}Text`)}</p>
                <ul className={styles.points}>
                  <li>{t(`leagues.${key}Point1`)}</li>
                  <li>{t(`leagues.${key}Point2`)}</li>
                </ul>
              </div>
            </div>
          </TabPanel>
        </div>
      </div>
    </section>
  );
}
