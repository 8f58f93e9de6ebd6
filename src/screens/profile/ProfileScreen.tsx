import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { ApiError } from "../../api/client";
import { usePublicProfile } from "../../api/users";
import { useIsSignedIn, useProfile } from "../../runtime/hooks";
import { paths, queryKeys } from "../../config/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { AnalyticsChoice } from "./AnalyticsChoice";
import { FollowButton } from "./FollowButton";
import { DonatePanel } from "../../features/store/DonatePanel";
import { CalendarPanel } from "../../features/calendar/CalendarPanel";
import { ProfileView } from "./ProfileView";
import styles from "./ProfileScreen.module.css";
import { ProfileRacePicks } from "../../features/gurus/GuruPicks";
import { PlayerWeekendPoints } from "../../features/points/PlayerWeekendPoints";

/** /profile: my own profile, or another player's public one with `?userId=`. */
export default function ProfileScreen() {
  const { t } = useTranslation("profile");
  const me = useProfile();
  const signedIn = useIsSignedIn();
  const userId = new URLSearchParams(useSearch()).get(queryKeys.userId);
  const own = !userId || userId === me?.id;
  const other = usePublicProfile(own ? null : userId);

  if (own) {
    if (!me) return <Spinner size="lg" label={t("loading")} />;
    return (
      <>
        <ProfileView
          player={me}
          actions={
            <Link href={paths.editProfile} className={buttonClass({ variant: "secondary" })}>
              {t("editProfile")}
            </Link>
          }
        />
        <div className={styles.page}>
          <PlayerWeekendPoints viewer={me.id} userId={me.id} />
          <CalendarPanel userId={me.id} />
        </div>
        <AnalyticsChoice userId={me.id} />
      </>
    );
  }
  if (other.isPending) return <Spinner size="lg" label={t("loading")} />;
  if (other.isError) {
    const notFound = other.error instanceof ApiError && other.error.status === 404;
    return (
      <div className={styles.state}>
        {notFound ? (
          <EmptyState
            title={t("notFoundTitle")}
            text={t("notFoundText")}
            action={
              <Link href={paths.leaderboards} className={buttonClass({ variant: "secondary" })}>
                {t("backToLeaderboards")}
              </Link>
            }
          />
        ) : (
          <EmptyState title={t("error")} action={<Button onClick={() => void other.refetch()}>{t("retry")}</Button>} />
        )}
      </div>
    );
  }
  return (
    <>
      <ProfileView
        player={other.data}
        actions={
          signedIn ? (
            <>
              <FollowButton player={other.data} />
              {me ? <DonatePanel fromUserId={me.id} toUserId={other.data.id} toName={other.data.name} /> : null}
            </>
          ) : undefined
        }
      />
      {/* A guru's or followed player's picks of the current weekend, each category from its lock on. */}
      {signedIn && me ? (
        <div className={styles.page}>
          <ProfileRacePicks viewer={me.id} userId={other.data.id} />
          <PlayerWeekendPoints viewer={me.id} userId={other.data.id} />
        </div>
      ) : null}
    </>
  );
}
