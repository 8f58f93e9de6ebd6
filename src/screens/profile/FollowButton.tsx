import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { PublicProfile } from "../../../contract/users";
import { favorite, unfavorite, userKeys } from "../../api/users";
import { Button } from "../../ui/Button";

/** Follow / unfollow another player (their `isFavorite` flag), kept in the profile's cache entry. */
export function FollowButton({ player }: { player: PublicProfile }) {
  const { t } = useTranslation("profile");
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => (player.isFavorite ? unfavorite(player.id) : favorite(player.id)),
    onSuccess: (result) => {
      client.setQueryData<PublicProfile>(userKeys.publicProfile(player.id), (old) => (old ? { ...old, isFavorite: result.isFavorite } : old));
      // The favorites list reads the follow list: it must show the change next time.
      void client.invalidateQueries({ queryKey: ["users", "players", "follow"] });
    },
  });
  return (
    <div>
      <Button variant={player.isFavorite ? "secondary" : "primary"} loading={toggle.isPending} aria-pressed={player.isFavorite} onClick={() => toggle.mutate()}>
        {player.isFavorite ? t("unfollow") : t("follow")}
      </Button>
      {toggle.isError ? <p role="alert">{t("followError")}</p> : null}
    </div>
  );
}
