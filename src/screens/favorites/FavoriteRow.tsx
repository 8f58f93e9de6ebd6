import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Player } from "../../../contract/users";
import { useSetFavorite } from "../../api/users";
import { paths, queryKeys } from "../../config/paths";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { useCountries } from "../../api/system";
import styles from "./FavoritesScreen.module.css";
import { numberFormat } from "../../i18n/formats";

export function FavoriteRow({ player }: { player: Player }) {
  const { t, i18n } = useTranslation("pages");
  const countries = useCountries();
  const country = player.country ? countries.data?.find((c) => c.code === player.country) : undefined;
  // Spec: removal from the follow list decrements the count — the list and its count are re-read.
  const remove = useSetFavorite();
  return (
    <li className={styles.row}>
      <Link href={`${paths.profile}?${queryKeys.userId}=${encodeURIComponent(player.id)}`} className={styles.player}>
        <Avatar name={player.name} src={player.img} size={48} />
        <span className={styles.who}>
          <span className={styles.name}>
            {player.name}
            {player.isGuru ? <span className={styles.guru}>{t("favorites.guru")}</span> : null}
          </span>
          {country ? (
            <span className={styles.country}>
              <span aria-hidden="true">{country.sign}</span> {country.name}
            </span>
          ) : null}
        </span>
      </Link>
      <span className={styles.points}>
        <span className={styles.pointsValue}>{numberFormat(i18n.language).format(player.points)}</span>
        <span className={styles.pointsLabel}>{t("favorites.points")}</span>
      </span>
      <div className={styles.unfollow}>
        <Button
          variant="secondary"
          size="sm"
          loading={remove.isPending}
          aria-label={t("favorites.unfollowLabel", { name: player.name })}
          onClick={() => remove.mutate({ id: player.id, follow: false })}
        >
          {t("favorites.unfollow")}
        </Button>
        {remove.isError ? (
          <p role="alert" className={styles.error}>
            {t("favorites.unfollowError", { name: player.name })}
          </p>
        ) : null}
      </div>
    </li>
  );
}
