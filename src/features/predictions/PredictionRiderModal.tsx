import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import type { RiderPerformances } from "../../../contract/races";
import type { PredictionCategory } from "../../../contract/enums";
import { useRaceStatistics } from "../../api/predictions";
import { useRiderPerformances } from "../../api/races";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import styles from "./predictions.module.css";
import { numberFormat } from "../../i18n/formats";

/** How many of the rider's latest races the modal lists. */
export const RECENT_RACES = 5;

/**
 * The PredictionRider modal: one rider of one category of a race. The rider's recent form (this season's totals and
 * latest races, GET /riders/{id}/performances) and the crowd's share for this rider in this category
 * (GET /predictions/statistics/races/{raceId}?typeId). Before the category's session starts the server sends only how
 * many picked (contract/rules.statistics.ts), and so this says only that.
 */
export default function PredictionRiderModal({ entry, close }: ModalComponentProps<"PredictionRider">) {
  const { t } = useTranslation("predictions");
  const { raceId, category, riderId } = entry.props;
  return (
    <div className={styles.riderModal}>
      <Form riderId={riderId} />
      <Crowd raceId={raceId} category={category} riderId={riderId} />
      <div className={modalStyles.actions}>
        <Button onClick={close}>{t("common:ok")}</Button>
      </div>
    </div>
  );
}

function Form({ riderId }: { riderId: string }) {
  const { t } = useTranslation("predictions");
  const performances = useRiderPerformances(riderId, undefined);
  return (
    <section aria-labelledby="prider-form" aria-busy={performances.isFetching || undefined}>
      <h3 id="prider-form" className={styles.riderModalTitle}>
        {performances.data ? t("riderModal.form", { year: performances.data.year }) : t("riderModal.formTitle")}
      </h3>
      {performances.isPending ? <Spinner label={t("riderModal.formLoading")} /> : null}
      {performances.isError ? (
        <p role="alert" className={styles.riderModalText}>
          {t("riderModal.formError")}{" "}
          <Button size="sm" variant="secondary" onClick={() => void performances.refetch()}>
            {t("riderModal.retry")}
          </Button>
        </p>
      ) : null}
      {performances.data ? <Season data={performances.data} /> : null}
    </section>
  );
}

function Season({ data }: { data: RiderPerformances }) {
  const { t, i18n } = useTranslation("predictions");
  const raceLabel = useRaceName();
  const number = numberFormat(i18n.language);
  if (data.races.length === 0)
    return <p className={styles.riderModalText}>{t("riderModal.noRaces", { year: data.year })}</p>;
  const place = (position: number | null) =>
    position === null ? t("riders:rider.dnf") : t("riders:rider.position", { position });
  const { totals } = data;
  const stats = [
    { key: "points", value: number.format(totals.points) },
    { key: "starts", value: number.format(totals.starts) },
    { key: "wins", value: number.format(totals.wins) },
    { key: "podiums", value: number.format(totals.podiums) },
    { key: "best", value: place(totals.bestPosition) },
  ] as const;
  const recent = data.races.toSorted((a, b) => b.round - a.round).slice(0, RECENT_RACES);
  return (
    <>
      <dl className={styles.riderModalStats}>
        {stats.map((s) => (
          <div key={s.key}>
            <dt>{t(`riders:rider.totals.${s.key}`)}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      <h4 className={styles.riderModalSub}>{t("riderModal.recent")}</h4>
      <ol className={styles.riderModalRaces}>
        {recent.map((r) => (
          <li key={r.round}>
            <span>{t("riderModal.race", { round: r.round, race: raceLabel(r.raceName) })}</span>
            <strong>{t("riderModal.result", { place: place(r.position), points: number.format(r.points) })}</strong>
          </li>
        ))}
      </ol>
    </>
  );
}

function Crowd({ raceId, category, riderId }: { raceId: string; category: PredictionCategory; riderId: string }) {
  const { t, i18n } = useTranslation("predictions");
  const statistics = useRaceStatistics(raceId, category);
  const label = t(`category.${category}`);
  const stats = statistics.data?.categories.find((c) => c.category === category);
  let body = null;
  if (stats) {
    const mine = stats.riders.find((r) => r.riderId === riderId);
    const number = numberFormat(i18n.language);
    const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
    body = !stats.revealed ? (
      <p className={styles.riderModalText}>{t("riderModal.hidden", { total: number.format(stats.total) })}</p>
    ) : stats.total === 0 ? (
      <p className={styles.riderModalText}>{t("riderModal.nobody")}</p>
    ) : (
      <>
        <p className={styles.riderModalShare}>
          {t("riderModal.share", {
            share: percent.format(mine?.share ?? 0),
            count: number.format(mine?.count ?? 0),
            total: number.format(stats.total),
          })}
        </p>
        <meter
          className={styles.riderModalMeter}
          min={0}
          max={1}
          value={mine?.share ?? 0}
          aria-label={t("riderModal.meter", { category: label })}
        />
      </>
    );
  }
  return (
    <section aria-labelledby="prider-crowd" aria-busy={statistics.isFetching || undefined}>
      <h3 id="prider-crowd" className={styles.riderModalTitle}>
        {t("riderModal.crowd", { category: label })}
      </h3>
      {statistics.isPending ? <Spinner label={t("riderModal.crowdLoading")} /> : null}
      {statistics.isError ? (
        <p role="alert" className={styles.riderModalText}>
          {t("riderModal.crowdError")}{" "}
          <Button size="sm" variant="secondary" onClick={() => void statistics.refetch()}>
            {t("riderModal.retry")}
          </Button>
        </p>
      ) : null}
      {body}
    </section>
  );
}
