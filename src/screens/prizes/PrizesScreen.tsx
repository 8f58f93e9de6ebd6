import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { Link } from "wouter";
import type { Prize, PrizeDraw, WeekendWinners } from "../../../contract/prizes";
import { GURUS_WIN_PRIZES } from "../../../contract/prizeDraw";
import { PREDICTIONS_PER_WEEKEND } from "../../../contract/rules";
import { usePrizes } from "../../api/prizes";
import { modals, useAuth } from "../../runtime/hooks";
import { paths, queryKeys } from "../../config/paths";
import { DrawCheck } from "../../features/prizes/DrawCheck";
import styles from "./prizes.module.css";
import { Avatar } from "../../ui/Avatar";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import page from "../../ui/Page.module.css";
import { Spinner } from "../../ui/Spinner";
import { dateFormat, numberFormat } from "../../i18n/formats";

const profileHref = (id: string) => `${paths.profile}?${queryKeys.userId}=${encodeURIComponent(id)}`;

/** /prizes: the season's prizes, my draw tickets, the motorcycle draw (provably fair) and each weekend's paddock winners. */
export default function PrizesScreen() {
  const { t, i18n } = useTranslation("prizes");
  const { profile } = useAuth();
  const prizes = usePrizes(profile?.id ?? "");
  const data = prizes.data;
  const number = numberFormat(i18n.language);
  return (
    <div className={page.page}>
      <h1 className={page.title}>{t("title")}</h1>
      <p className={page.lead}>{t("lead")}</p>
      {prizes.isPending ? <Spinner size="lg" label={t("loading")} /> : null}
      {prizes.isError ? (
        <EmptyState
          title={t("error")}
          action={
            <Button className={styles.cta} onClick={() => void prizes.refetch()}>
              {t("retry")}
            </Button>
          }
        />
      ) : null}
      {data ? (
        <div className={styles.body}>
          <section className={styles.tickets} aria-labelledby="prize-tickets">
            <h2 id="prize-tickets" className={styles.sectionTitle}>
              {t("tickets.title", { season: data.season })}
            </h2>
            <h3 className={styles.ticketCount} data-testid="my-tickets">
              {t("tickets.count", { count: data.myTickets, formatted: number.format(data.myTickets) })}
            </h3>
            <p className={styles.muted}>{t("tickets.how", { picks: PREDICTIONS_PER_WEEKEND })}</p>
            <Link href={paths.predictions} className={buttonClass({ variant: "secondary", size: "sm" })}>
              {t("tickets.cta")}
            </Link>
          </section>

          <section aria-labelledby="prize-list">
            <h2 id="prize-list" className={styles.sectionTitle}>
              {t("list.title")}
            </h2>
            <ul className={styles.prizeList}>
              {data.prizes.map((prize) => (
                <PrizeCard key={prize.kind} prize={prize} />
              ))}
            </ul>
            {/* contract/prizeDraw.ts winsPrizes: the server gives gurus no ticket and skips them in the paddock. */}
            {GURUS_WIN_PRIZES ? null : (
              <p className={styles.muted} data-testid="prizes-gurus">
                {t("list.gurus")}
              </p>
            )}
          </section>

          <DrawSection draw={data.draw} />

          <section aria-labelledby="prize-paddock">
            <h2 id="prize-paddock" className={styles.sectionTitle}>
              {t("paddock.title")}
            </h2>
            {data.paddock.length === 0 ? (
              <EmptyState title={t("paddock.empty")} />
            ) : (
              <PaddockWinners weekends={data.paddock} />
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}

function PrizeCard({ prize }: { prize: Prize }) {
  const { t } = useTranslation("prizes");
  const title = t(`kinds.${prize.kind}.title`);
  return (
    <li className={styles.prize}>
      <h3 className={styles.prizeTitle}>{title}</h3>
      <p className={styles.muted}>{t(`kinds.${prize.kind}.short`, { places: prize.places })}</p>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t("list.detailsOf", { prize: title })}
        onClick={() => modals.open("Prize", { kind: prize.kind }, { title })}
      >
        {t("list.details")}
      </Button>
    </li>
  );
}

function DrawSection({ draw }: { draw: PrizeDraw }) {
  const { t, i18n } = useTranslation("prizes");
  const raceLabel = useRaceName();
  const date = (iso: string | null) =>
    iso ? dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : "";
  return (
    <section className={styles.draw} aria-labelledby="prize-draw">
      <h2 id="prize-draw" className={styles.sectionTitle}>
        {t("draw.title")}
      </h2>
      <p className={styles.status} data-testid="draw-status">
        {t(`draw.status.${draw.status}`, { count: draw.ticketCount })}
      </p>
      {draw.commitment ? (
        <dl className={styles.facts}>
          <dt>{t("draw.commitment")}</dt>
          <dd>
            <code className={styles.hash}>{draw.commitment}</code>
            <span className={styles.muted}> {t("draw.publishedAt", { date: date(draw.committedAt) })}</span>
          </dd>
          {draw.seed ? (
            <>
              <dt>{t("draw.seed")}</dt>
              <dd>
                <code className={styles.hash}>{draw.seed}</code>
              </dd>
              <dt>{t("draw.digest")}</dt>
              <dd>
                <code className={styles.hash}>{draw.ticketsDigest}</code>
              </dd>
              <dt>{t("draw.winner")}</dt>
              <dd data-testid="draw-winner">
                {draw.winner ? (
                  <Link href={profileHref(draw.winner.id)}>
                    {t("draw.winnerIs", {
                      name: draw.winner.name,
                      race: raceLabel(draw.winner.raceName),
                      ticket: (draw.winningIndex ?? 0) + 1,
                      count: draw.ticketCount,
                    })}
                  </Link>
                ) : (
                  t("draw.winnerGone")
                )}
                <span className={styles.muted}> {t("draw.drawnAt", { date: date(draw.drawnAt) })}</span>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p className={styles.muted}>{t("draw.how")}</p>
      {draw.status === "DRAWN" ? <DrawCheck draw={draw} /> : null}
    </section>
  );
}

function PaddockWinners({ weekends }: { weekends: WeekendWinners[] }) {
  const { t, i18n } = useTranslation("prizes");
  const raceLabel = useRaceName();
  const number = numberFormat(i18n.language);
  return (
    <ul className={styles.weekends}>
      {weekends.map((w) => (
        <li key={w.raceId} className={styles.weekend}>
          <h3 className={styles.prizeTitle}>{t("paddock.weekend", { round: w.round, race: raceLabel(w.raceName) })}</h3>
          <ol className={styles.podium}>
            {w.places.map((p) => (
              <li key={p.id} className={styles.place}>
                <span className={styles.placeNumber}>{t("paddock.place", { place: p.place })}</span>
                <Link href={profileHref(p.id)} className={styles.player}>
                  <Avatar name={p.name} src={p.img} size={32} />
                  <span>{p.name}</span>
                </Link>
                <span className={styles.muted}>{t("paddock.points", { points: number.format(p.points) })}</span>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
