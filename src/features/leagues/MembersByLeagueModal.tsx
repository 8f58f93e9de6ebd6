import { useTranslation } from "react-i18next";
import { useLeagueMembers } from "../../api/leagues";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import styles from "./InviteModal.module.css";

/** The MembersByLeague modal: a league's accepted members, 50 at a time, from a league card. */
export default function MembersByLeagueModal({ entry }: ModalComponentProps<"MembersByLeague">) {
  const { t } = useTranslation("leagues");
  const { leagueId } = entry.props;
  const members = useLeagueMembers(leagueId);
  if (members.isPending) return <Spinner label={t("loading")} />;
  if (members.isError) return <p className={styles.error}>{t("loadError")}</p>;
  const list = members.data.pages.flatMap((p) => p.data).filter((m) => m.status === "ACCEPTED");
  if (list.length === 0) return <p>{t("errors:listEmpty")}</p>;
  return (
    <div className={styles.body}>
      <ul className={styles.people}>
        {list.map((m) => (
          <li key={m.id} className={styles.person}>
            <Avatar name={m.name} src={m.img} size={32} />
            <span>{m.name}</span>
          </li>
        ))}
      </ul>
      {members.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          loading={members.isFetchingNextPage}
          onClick={() => void members.fetchNextPage()}
        >
          {t("all.loadMore")}
        </Button>
      ) : null}
    </div>
  );
}
