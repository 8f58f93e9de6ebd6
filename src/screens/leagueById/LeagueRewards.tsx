import { useTranslation } from "react-i18next";
import type { League } from "../../../contract/leagues";
import { useLeagueRewards } from "../../api/leagues";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { TrophyIcon } from "../../ui/icons";
import { Spinner } from "../../ui/Spinner";
import styles from "./LeagueScreen.module.css";

/** GET /leagues/{id}/rewards: what the top places win at season end. */
export function LeagueRewards({ league }: { league: League }) {
  const { t } = useTranslation("leagues");
  const rewards = useLeagueRewards(league.id);
  if (rewards.isPending) return <Spinner label={t("loading")} />;
  if (rewards.isError)
    return (
      <EmptyState
        title={t("loadError")}
        action={<Button onClick={() => void rewards.refetch()}>{t("retry")}</Button>}
      />
    );
  if (rewards.data.length === 0) return <EmptyState title={t("rewards.none")} text={t("rewards.noneText")} />;
  return (
    <ol className={styles.rewards}>
      {rewards.data.map((reward) => (
        <li key={reward.place} className={`${styles.reward} ${styles[`place${reward.place}`] ?? ""}`}>
          <TrophyIcon size={28} />
          <span className={styles.place}>{t("rewards.place", { place: reward.place })}</span>
          <span className={styles.prize}>{reward.title}</span>
        </li>
      ))}
    </ol>
  );
}
