import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { creatableTypes, isOwner, mayCreateLeague } from "../../../contract/leagueRules";
import { useLeague, useUserLeagues } from "../../api/leagues";
import { useProfile } from "../../runtime/hooks";
import { queryKeys } from "../../config/paths";
import { leaguePath } from "../../features/leagues/LeagueCard";
import { LeaguesHeader } from "../../features/leagues/LeaguesTabs";
import { LeaguesPage } from "../../features/leagues/LeaguesLayout";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { LeagueForm } from "./LeagueForm";

/**
 * /leagues/create: the player's one league. With `?isEdit=true&league={id}` (the spec's query keys) the owner
 * edits that league (PUT /leagues/{id}).
 */
export default function CreateLeagueScreen() {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  const search = new URLSearchParams(useSearch());
  const editId = search.get(queryKeys.isEdit) === "true" ? search.get(queryKeys.league) : null;
  const editing = useLeague(editId);
  const mine = useUserLeagues(me?.id);
  const owned = mine.data?.find((l) => isOwner({ ownerId: l.owner.id }, me?.id ?? null));
  const types = creatableTypes(me?.isGuru ?? false);

  let body;
  if (mine.isPending || (editId && editing.isPending)) body = <Spinner size="lg" label={t("loading")} />;
  else if (editId && editing.isError)
    body = (
      <EmptyState
        title={t("loadError")}
        action={<Button onClick={() => void editing.refetch()}>{t("retry")}</Button>}
      />
    );
  else if (editId && editing.data) body = <LeagueForm key={editId} league={editing.data} types={types} />;
  else if (!mayCreateLeague(owned !== undefined) && owned) {
    body = (
      <EmptyState
        title={t("create.ownedTitle")}
        text={t("create.ownedText", { name: owned.name })}
        action={
          <Link href={leaguePath(owned.id)} className={buttonClass({ variant: "secondary" })}>
            {t("create.openOwned")}
          </Link>
        }
      />
    );
  } else body = <LeagueForm league={undefined} types={types} />;

  return (
    <LeaguesPage>
      <LeaguesHeader
        title={editId ? t("create.editTitle") : t("create.title")}
        lead={editId ? t("create.editLead") : t("create.lead")}
      />
      {body}
    </LeaguesPage>
  );
}
