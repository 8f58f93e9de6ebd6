import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { useLeaguesPreview, useUserLeagues, useVipLeagues } from "../../api/leagues";
import { useProfile } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { inviteLinkFrom, readInviteLink } from "../../features/leagues/inviteCookies";
import { InviteLinkPanel } from "./InviteLinkPanel";
import { LeagueSection } from "./LeagueGrid";
import { LeaguesHeader } from "../../features/leagues/LeaguesTabs";
import { useLeagueLive } from "../../features/leagues/useLeagueLive";
import { LeaguesPage } from "../../features/leagues/LeaguesLayout";
import styles from "./LeaguesScreen.module.css";

/** How many leagues the join tab previews before "All leagues". */
const PREVIEW = 6;

/** /leagues, the join tab: my leagues, VIP leagues, leagues to join, and the invite link when one was opened. */
export default function LeaguesScreen() {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  useLeagueLive();
  const search = useSearch();
  // The query wins; the cookies carry a link through sign-in. Read once: using it deletes the cookies.
  const [link] = useState(() => inviteLinkFrom(search) ?? readInviteLink());
  const mine = useUserLeagues(me?.id);
  const vip = useVipLeagues();
  const open = useLeaguesPreview();
  const vipIds = new Set(vip.data?.map((l) => l.id));
  const mineIds = new Set(mine.data?.map((l) => l.id));
  const toJoin = open.data?.data.filter((l) => !vipIds.has(l.id) && !mineIds.has(l.id)).slice(0, PREVIEW);
  const allLink = (
    <Link href={paths.allLeagues} className={styles.sectionLink}>
      {t("join.seeAll")}
    </Link>
  );

  return (
    <LeaguesPage>
      <LeaguesHeader title={t("join.title")} lead={t("join.lead")} />
      {link ? <InviteLinkPanel link={link} /> : null}
      <LeagueSection
        id="my-leagues"
        title={t("join.mine")}
        query={mine}
        leagues={mine.data}
        empty={
          <EmptyState
            title={t("join.mineEmpty")}
            text={t("join.mineEmptyText")}
            action={
              <Link href={paths.createLeague} className={buttonClass({ variant: "secondary" })}>
                {t("tabs.create")}
              </Link>
            }
          />
        }
      />
      <LeagueSection
        id="vip-leagues"
        title={t("join.vip")}
        query={vip}
        leagues={vip.data}
        empty={<EmptyState title={t("join.vipEmpty")} />}
      />
      <LeagueSection
        id="open-leagues"
        title={t("join.open")}
        query={open}
        leagues={toJoin}
        action={allLink}
        empty={<EmptyState title={t("errors:listEmpty")} action={allLink} />}
      />
    </LeaguesPage>
  );
}
