import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { RaceClass } from "../../../contract/enums";
import { useTeams } from "../../api/races";
import { queryKeys } from "../../config/paths";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { TabPanel, Tabs } from "../../ui/Tabs";
import { TextField } from "../../ui/TextField";
import page from "../../ui/Page.module.css";
import styles from "./RidersAndTeamsScreen.module.css";
import { TeamCard } from "./TeamCard";
import { raceClassName } from "../../features/riders/labels";
import { matchesRider } from "./search";

type Class = (typeof RaceClass.options)[number];
const ID_PREFIX = "riders-class";

/** Riders and Teams: every team of a class with its riders (GET riders/teams), a rider search, ?teamId= opens on that team. */
export default function RidersAndTeamsScreen() {
  const { t } = useTranslation("riders");
  const teamId = new URLSearchParams(useSearch()).get(queryKeys.teamId);
  const [raceClass, setRaceClass] = useState<Class>("MOTOGP");
  const [text, setText] = useState("");
  const teams = useTeams(raceClass);
  // A team named in the link decides the class once it is known (a Moto3 team opens the Moto3 tab).
  const linked = useTeams(undefined, { enabled: Boolean(teamId) });
  const linkedClass = linked.data?.find((team) => team.id === teamId)?.raceClass;
  const [followedLink, setFollowedLink] = useState(false);
  if (linkedClass && !followedLink) {
    setFollowedLink(true);
    if (linkedClass !== raceClass) setRaceClass(linkedClass);
  }

  const search = text.trim();
  const shown = (teams.data ?? [])
    .map((team) => ({ ...team, riders: team.riders.filter((r) => matchesRider(r, search)) }))
    .filter((team) => team.riders.length > 0 || !search);

  return (
    <div className={page.page}>
      <h1 className={page.title}>{t("teams.title")}</h1>
      <p className={page.lead}>{t("teams.lead")}</p>
      <div className={styles.controls}>
        <Tabs<Class>
          items={RaceClass.options.map((c) => ({ key: c, label: raceClassName[c] }))}
          value={raceClass}
          onChange={setRaceClass}
          label={t("teams.classes")}
          idPrefix={ID_PREFIX}
        />
        <div role="search" className={styles.search}>
          <TextField
            label={t("teams.search")}
            placeholder={t("teams.searchPlaceholder")}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      <TabPanel idPrefix={ID_PREFIX} tabKey={raceClass} className={styles.panel}>
        {teams.isPending ? <Spinner size="lg" label={t("teams.loading")} /> : null}
        {teams.isError ? (
          <EmptyState
            title={t("teams.error")}
            action={<Button onClick={() => void teams.refetch()}>{t("teams.retry")}</Button>}
          />
        ) : null}
        {teams.data && shown.length === 0 ? (
          <EmptyState title={search ? t("teams.noMatch", { text: search }) : t("errors:listEmpty")} />
        ) : null}
        {shown.length > 0 ? (
          <ul className={styles.grid}>
            {shown.map((team) => (
              <TeamCard key={team.id} team={team} highlighted={team.id === teamId} />
            ))}
          </ul>
        ) : null}
      </TabPanel>
    </div>
  );
}
