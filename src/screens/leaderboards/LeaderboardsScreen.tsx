import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TabPanel, Tabs } from "../../ui/Tabs";
import page from "../../ui/Page.module.css";
import { boardTabs, type BoardTab } from "./board";
import { RaceBoard } from "./RaceBoard";
import { SeasonBoard } from "./SeasonBoard";
import styles from "./leaderboards.module.css";

const ID_PREFIX = "boards";

/** /leaderboards (public): the season board and each race weekend's board, the caller's own row pinned. */
export default function LeaderboardsScreen() {
  const { t } = useTranslation("leaderboards");
  const [tab, setTab] = useState<BoardTab>("season");
  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("title")}</h1>
        <p className={page.lead}>{t("lead")}</p>
      </div>
      <div className={styles.tabs}>
        <Tabs<BoardTab>
          items={boardTabs.map((key) => ({ key, label: t(`tabs.${key}`) }))}
          value={tab}
          onChange={setTab}
          label={t("tabs.label")}
          idPrefix={ID_PREFIX}
        />
      </div>
      <TabPanel idPrefix={ID_PREFIX} tabKey={tab} className={styles.panel}>
        {tab === "season" ? <SeasonBoard /> : <RaceBoard />}
      </TabPanel>
    </div>
  );
}
