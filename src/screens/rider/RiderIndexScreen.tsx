import { useTranslation } from "react-i18next";
import { Redirect } from "wouter";
import { GAME_CLASS } from "../../../contract/rules";
import { useRidersDropdown } from "../../api/races";
import { useProfile } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import page from "../../ui/Page.module.css";
import { defaultRiderId } from "./defaultRider";

/** /rider: the Rider screen of the player's favourite rider, else of the premier class's first; the screen's picker goes on from there. */
export default function RiderIndexScreen() {
  const { t } = useTranslation("riders");
  const favourite = useProfile()?.favourites.rider;
  const riders = useRidersDropdown(GAME_CLASS);

  if (riders.isPending) {
    return (
      <div className={page.page}>
        <Spinner size="lg" label={t("index.loading")} />
      </div>
    );
  }
  if (riders.isError) {
    return (
      <div className={page.page}>
        <EmptyState
          title={t("index.error")}
          action={<Button onClick={() => void riders.refetch()}>{t("teams.retry")}</Button>}
        />
      </div>
    );
  }
  const id = defaultRiderId(riders.data, favourite);
  if (!id) {
    return (
      <div className={page.page}>
        <EmptyState title={t("errors:listEmpty")} text={t("index.empty")} />
      </div>
    );
  }
  return <Redirect to={paths.riderById.replace(":riderId", encodeURIComponent(id))} replace />;
}
