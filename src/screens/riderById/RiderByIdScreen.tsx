import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { Link, useParams } from "wouter";
import type { RiderDetail, RiderPerformances } from "../../../contract/races";
import { ApiError } from "../../api/apiError";
import { useRider, useRiderPerformances } from "../../api/races";
import { paths, queryKeys } from "../../config/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import page from "../../ui/Page.module.css";
import { manufacturerName, raceClassName } from "../../features/riders/labels";
import { PerformanceChart } from "./PerformanceChart";
import { RiderPicker } from "./RiderPicker";
import styles from "./RiderByIdScreen.module.css";
import { numberFormat, regionNames } from "../../i18n/formats";

const teamLink = (teamId: string) => `${paths.ridersAndTeams}?${queryKeys.teamId}=${encodeURIComponent(teamId)}`;

/** /rider/{riderId}: who the rider is, then a season of results (picked with the accept-year header) as a chart and a table. */
export default function RiderByIdScreen() {
  const { t } = useTranslation("riders");
  const { riderId = "" } = useParams<{ riderId: string }>();
  const rider = useRider(riderId);

  if (rider.isPending) {
    return (
      <div className={page.page}>
        <Spinner size="lg" label={t("rider.loading")} />
      </div>
    );
  }
  if (rider.isError) {
    const missing = rider.error instanceof ApiError && rider.error.status === 404;
    return (
      <div className={page.page}>
        <h1 className={page.title}>{missing ? t("rider.notFound") : t("rider.error")}</h1>
        <EmptyState
          title={missing ? t("rider.notFoundText") : t("rider.errorText")}
          action={
            missing ? (
              <Link href={paths.ridersAndTeams} className={buttonClass({ variant: "secondary" })}>
                {t("rider.back")}
              </Link>
            ) : (
              <Button onClick={() => void rider.refetch()}>{t("teams.retry")}</Button>
            )
          }
        />
      </div>
    );
  }
  return <RiderView rider={rider.data} />;
}

function RiderView({ rider }: { rider: RiderDetail }) {
  const { t, i18n } = useTranslation("riders");
  const seasonId = useId();
  const [year, setYear] = useState(rider.seasons[0]);
  const performances = useRiderPerformances(rider.id, year);
  const country = regionNames(i18n.language).of(rider.country) ?? rider.country;
  const facts = [
    { label: t("rider.team"), value: <Link href={teamLink(rider.team.id)}>{rider.team.name}</Link> },
    { label: t("rider.manufacturer"), value: manufacturerName[rider.team.manufacturer] },
    { label: t("rider.class"), value: raceClassName[rider.raceClass] },
    { label: t("rider.country"), value: country },
    { label: t("rider.role"), value: t(`role.${rider.role}`) },
    { label: t("rider.status"), value: t(`status.${rider.status}`) },
  ];

  return (
    <div className={page.page}>
      <div className={styles.topBar}>
        <Link href={paths.ridersAndTeams} className={styles.back}>
          {t("rider.back")}
        </Link>
        <RiderPicker riderId={rider.id} raceClass={rider.raceClass} />
      </div>
      <section className={styles.hero} aria-labelledby="rider-name" style={{ borderColor: rider.team.colour }}>
        <img
          className={styles.picture}
          src={rider.image}
          alt={t("rider.pictureAlt", { number: rider.number, name: rider.name })}
          width={160}
          height={160}
        />
        <div className={styles.identity}>
          <p className={styles.number}>{t("rider.numberShort", { number: rider.number })}</p>
          <h1 id="rider-name" className={page.title}>
            {rider.name}
          </h1>
          {rider.status === "INJURED" ? <p className={styles.injured}>{t("status.INJURED")}</p> : null}
          <dl className={styles.facts}>
            {facts.map((f) => (
              <div key={f.label} className={styles.fact}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={styles.season} aria-labelledby="rider-performances">
        <div className={styles.seasonHeader}>
          <h2 id="rider-performances" className={styles.sectionTitle}>
            {t("rider.performances")}
          </h2>
          <div className={styles.picker}>
            <label htmlFor={seasonId}>{t("rider.season")}</label>
            <select
              id={seasonId}
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
              className={styles.select}
            >
              {rider.seasons.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div aria-live="polite" aria-busy={performances.isFetching || undefined}>
          {performances.isPending ? <Spinner label={t("rider.performancesLoading")} /> : null}
          {performances.isError ? (
            <EmptyState
              title={t("rider.performancesError")}
              action={<Button onClick={() => void performances.refetch()}>{t("teams.retry")}</Button>}
            />
          ) : null}
          {performances.data ? <Season data={performances.data} /> : null}
        </div>
      </section>
    </div>
  );
}

function Season({ data }: { data: RiderPerformances }) {
  const { t, i18n } = useTranslation("riders");
  const raceLabel = useRaceName();
  const number = numberFormat(i18n.language);
  const { totals } = data;
  if (data.races.length === 0) return <EmptyState title={t("rider.noRaces", { year: data.year })} />;
  const best = totals.bestPosition === null ? t("rider.dnf") : t("rider.position", { position: totals.bestPosition });
  const stats = [
    { key: "points", value: number.format(totals.points) },
    { key: "starts", value: number.format(totals.starts) },
    { key: "wins", value: number.format(totals.wins) },
    { key: "podiums", value: number.format(totals.podiums) },
    { key: "best", value: best },
  ] as const;
  return (
    <>
      <dl className={styles.stats}>
        {stats.map((s) => (
          <div key={s.key} className={styles.stat}>
            <dt>{t(`rider.totals.${s.key}`)}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      <PerformanceChart
        year={data.year}
        races={data.races}
        summary={t("rider.chartDesc", { points: totals.points, starts: totals.starts, best })}
      />
      {/* Race names in some languages make the table wider than a phone: a region that scrolls takes the keyboard too. */}
      <div
        className={styles.tableWrap}
        tabIndex={0}
        role="region"
        aria-label={t("rider.table.caption", { year: data.year })}
      >
        <table className={styles.table}>
          <caption>{t("rider.table.caption", { year: data.year })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("rider.table.round")}</th>
              <th scope="col">{t("rider.table.race")}</th>
              <th scope="col">{t("rider.table.position")}</th>
              <th scope="col">{t("rider.table.points")}</th>
            </tr>
          </thead>
          <tbody>
            {data.races.map((r) => (
              <tr key={r.round}>
                <td>{r.round}</td>
                <th scope="row">{raceLabel(r.raceName)}</th>
                <td>{r.position === null ? t("rider.dnf") : t("rider.position", { position: r.position })}</td>
                <td>{number.format(r.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
