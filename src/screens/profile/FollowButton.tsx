import { useTranslation } from "react-i18next";
import type { PublicProfile } from "../../../contract/users";
import { useSetFavorite } from "../../api/users";
import { Button } from "../../ui/Button";

/** Follow / unfollow another player (their `isFavorite` flag), kept in the profile's cache entry. */
export function FollowButton({ player }: { player: PublicProfile }) {
  const { t } = useTranslation("profile");
  const toggle = useSetFavorite();
  return (
    <div>
      <Button
        variant={player.isFavorite ? "secondary" : "primary"}
        loading={toggle.isPending}
        aria-pressed={player.isFavorite}
        onClick={() => toggle.mutate({ id: player.id, follow: !player.isFavorite })}
      >
        {player.isFavorite ? t("unfollow") : t("follow")}
      </Button>
      {toggle.isError ? <p role="alert">{t("followError")}</p> : null}
    </div>
  );
}
