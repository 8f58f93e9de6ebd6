import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PredictionCategory } from "../../../contract/enums";
import type { ChangePredictionRules, RacePrediction } from "../../../contract/predictions";
import type { Race, RaceRider } from "../../../contract/races";
import { changeTiers, COMPLETION_REWARD_DIAMONDS, PREDICTIONS_PER_WEEKEND, upgradePrices } from "../../../contract/rules";
import { defaultChangeCosts, type ChangeCosts, type PickChange } from "../../../machines/predictionChange.machine";
import { ApiError } from "../../api/apiError";
import { useBalance } from "../../api/diamonds";
import { applyRacePrediction, changePredictions, changeRulesQuery, racePredictionQuery } from "../../api/predictions";
import { raceKeys } from "../../api/queryKeys";
import { getRaceRiders } from "../../api/races";
import { modals } from "../../app/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { useErrorText } from "../../ui/fieldErrors";
import { Spinner } from "../../ui/Spinner";
import { startChange } from "./changeFlow";
import type { ChooseRiderProps } from "./ChooseRiderModal";
import { useNowAt } from "./clock";
import { CompletionBar } from "./CompletionBar";
import { PickCard } from "./PickCard";
import { SaveBar } from "./SaveBar";
import { SessionTimeline } from "./SessionTimeline";
import { UpgradeButton } from "./UpgradeButton";
import { usePredictionForm } from "./usePredictionForm";
import { useWeekendLive } from "./useWeekendLive";
import { cardGroups, pickOf, podiumCategories, podiumMates, ridersById, upgradeable, windowOf } from "./weekend";
import cardStyles from "../shared/Cards.module.css";
import styles from "./predictions.module.css";

const MINUTE = 60_000;

/** One race weekend: loads the player's picks, the race's riders and the rules, then shows the form. */
export function RaceWeekend({ race, userId }: { race: Race; userId: string }) {
  const { t } = useTranslation("predictions");
  const prediction = useQuery(racePredictionQuery(userId, race.id));
  const riders = useQuery({
    queryKey: raceKeys.riders(race.id, race.raceClass),
    queryFn: ({ signal }) => getRaceRiders(race.id, { raceClass: race.raceClass }, signal),
  });
  const rules = useQuery(changeRulesQuery());
  useWeekendLive(userId, race.id);

  if (prediction.isPending || riders.isPending) return <Spinner size="lg" label={t("loading")} />;
  if (prediction.isError || riders.isError) {
    return (
      <EmptyState
        title={t("loadError")}
        action={
          <Button
            onClick={() => {
              void prediction.refetch();
              void riders.refetch();
            }}
          >
            {t("errors:tryAgain")}
          </Button>
        }
      />
    );
  }
  if (!riders.data.riders.some((r) => r.available)) {
    return (
      <>
        <SessionTimeline sessions={race.sessions} />
        <EmptyState title={t("errors:noRidersForPrediction")} />
      </>
    );
  }
  return <WeekendForm race={race} userId={userId} prediction={prediction.data} riders={riders.data.riders} rules={rules.data} reload={() => prediction.refetch()} />;
}

function costsOf(rules: ChangePredictionRules | undefined): ChangeCosts {
  return rules ? { BEFORE: rules.tiers.BEFORE.cost, EARLY: rules.tiers.EARLY.cost, LATE: rules.tiers.LATE.cost } : defaultChangeCosts;
}

function WeekendForm({
  race,
  userId,
  prediction,
  riders,
  rules,
  reload,
}: {
  race: Race;
  userId: string;
  prediction: RacePrediction;
  riders: RaceRider[];
  rules: ChangePredictionRules | undefined;
  reload: () => Promise<{ data?: RacePrediction }>;
}) {
  const { t } = useTranslation("predictions");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const form = usePredictionForm(userId, prediction);
  const balanceQuery = useBalance(userId);
  const balance = Number(balanceQuery.data?.balance ?? prediction.balance);
  const costs = costsOf(rules);
  const prices = rules?.upgrades ?? upgradePrices;
  const earlyMinutes = rules?.tiers.EARLY.minutesAfterStart ?? changeTiers.EARLY.minutesAfterStart;
  const lateMinutes = rules?.tiers.LATE.minutesBeforeEnd ?? changeTiers.LATE.minutesBeforeEnd;
  // Re-render when a card can change: a session starts (locks, upgrades), a change tier opens or closes.
  const now = useNowAt(
    prediction.slots.flatMap((s) => {
      const w = windowOf(s);
      return [w.startsAt, w.startsAt + earlyMinutes * MINUTE, w.endsAt - lateMinutes * MINUTE, w.endsAt];
    }),
  );
  const byId = ridersById(riders);
  const label = (c: PredictionCategory) => t(`category.${c}`);
  const slotOf = (c: PredictionCategory) => prediction.slots.find((s) => s.category === c)!;
  const riderLine = (id: string | undefined) => {
    const r = id ? byId.get(id) : undefined;
    return r ? t("rider.short", { number: r.number, name: r.name }) : "";
  };

  // Leaving with choices not saved asks first (the browser's own prompt).
  const dirty = form.unsaved > 0 && form.status !== "saving";
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const repick = useMutation({
    mutationFn: (item: { category: PredictionCategory; riderId: string }) => changePredictions(race.id, { version: prediction.version, data: [item] }),
    onSuccess: (result) => applyRacePrediction(queryClient, userId, result),
    // A 418 was already shown by the app (race-started modal); other refusals say why here.
    onError: (error) => {
      if (error instanceof ApiError && error.handled) return;
      modals.open("Confirmation", { text: (error instanceof ApiError ? errorText(error.body) : undefined) ?? t("errors:somethingWentWrong") });
    },
  });

  function openChooser(category: PredictionCategory, props: Omit<ChooseRiderProps, "category" | "riders">) {
    modals.open("ChooseRider", { category: label(category), riders, ...props });
  }

  /** A first choice (or a new unsaved one): riders another place of the podium holds are not offered. */
  function choose(category: PredictionCategory) {
    const blocked: Record<string, string> = {};
    for (const mate of podiumMates(category)) {
      const held = form.picks[mate];
      if (held) blocked[held] = t("chooser.taken", { category: label(mate) });
    }
    openChooser(category, { selectedId: form.picks[category], blocked, onChoose: (riderId) => form.send({ type: "form.choose", category, riderId }) });
  }

  /** A saved pick: a free re-pick when its rider was injured, else a paid change (a podium rider swaps places). */
  function change(category: PredictionCategory) {
    const pick = pickOf(prediction, category);
    if (!pick) return;
    const blocked: Record<string, string> = {};
    const swaps: Record<string, string> = {};
    for (const mate of podiumMates(category)) {
      const savedMate = pickOf(prediction, mate);
      const held = form.picks[mate];
      if (savedMate) swaps[savedMate.riderId] = t("chooser.swaps", { category: label(mate) });
      else if (held) blocked[held] = t("chooser.taken", { category: label(mate) });
    }
    if (!pick.riderAvailable) {
      openChooser(category, { blocked: { ...blocked, ...Object.fromEntries(Object.keys(swaps).map((id) => [id, swaps[id]!])) }, onChoose: (riderId) => repick.mutate({ category, riderId }) });
      return;
    }
    openChooser(category, {
      selectedId: pick.riderId,
      blocked,
      swaps,
      onChoose: (to) => {
        const changes: PickChange[] = [{ category, from: pick.riderId, to }];
        const mate = podiumMates(category).find((m) => pickOf(prediction, m)?.riderId === to);
        if (mate) changes.push({ category: mate, from: to, to: pick.riderId });
        startChange({
          queryClient,
          userId,
          balance,
          costs,
          lines: changes.map((c) => t("change.line", { category: label(c.category), from: riderLine(c.from), to: riderLine(c.to) })),
          request: { raceId: race.id, session: windowOf(slotOf(category)), changes },
        });
      },
    });
  }

  const done = prediction.data.length;
  const total = rules?.predictionsPerWeekend ?? PREDICTIONS_PER_WEEKEND;
  const allClosed = prediction.slots.every((s) => now >= Date.parse(s.startsAt));
  const locked = form.status === "locked";

  return (
    <>
      <SessionTimeline sessions={race.sessions} />
      <CompletionBar done={done} total={total} reward={rules?.completionReward ?? COMPLETION_REWARD_DIAMONDS} complete={prediction.complete} />
      {locked || allClosed ? (
        <div className={styles.locked} role="alert">
          <strong>{t("errors:raceStarted")}</strong>
          {locked ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={async () => {
                const fresh = await reload();
                if (fresh.data) form.send({ type: "form.sync", saved: Object.fromEntries(fresh.data.data.map((p) => [p.category, p.riderId])), version: fresh.data.version });
              }}
            >
              {t("reload")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {cardGroups.map((group) => {
        const podium = group.podium ? prediction.podiums.find((p) => p.group === group.podium) : undefined;
        const podiumSlot = group.podium ? slotOf(podiumCategories[group.podium][0]!) : undefined;
        const podiumStarted = podiumSlot ? now >= Date.parse(podiumSlot.startsAt) : false;
        return (
          <section key={group.key} className={styles.group} aria-labelledby={`group-${group.key}`}>
            <div className={styles.groupHead}>
              <h2 id={`group-${group.key}`} className={styles.sectionTitle}>
                {t(`group.${group.key}`)}
              </h2>
              {group.podium && podium ? (
                <div className={styles.podiumUpgrades}>
                  <UpgradeButton
                    raceId={race.id}
                    userId={userId}
                    kind={group.podium === "RACE" ? "PREDICTION_RACE" : "PREDICTION_SPRINT"}
                    price={prices.PODIUM}
                    target={t(`podium.${group.podium}`)}
                    doubled={upgradeable(prediction, podiumCategories[group.podium]) && !upgradeable(prediction, podiumCategories[group.podium], true)}
                    facts={{
                      hasPick: upgradeable(prediction, podiumCategories[group.podium], true),
                      balance,
                      sessionStarted: podiumStarted,
                      bought: podium.multiplier === "UPGRADE_ACTIVE",
                    }}
                  />
                  <UpgradeButton
                    raceId={race.id}
                    userId={userId}
                    kind={group.podium === "RACE" ? "PREDICTION_INSURANCE_RACE" : "PREDICTION_INSURANCE_SPRINT"}
                    price={prices.INSURANCE}
                    target={t(`podium.${group.podium}`)}
                    facts={{
                      hasPick: upgradeable(prediction, podiumCategories[group.podium]),
                      balance,
                      sessionStarted: podiumStarted,
                      bought: podium.insurance === "INSURANCE_ACTIVE",
                    }}
                  />
                </div>
              ) : null}
            </div>
            <ul className={cardStyles.cards}>
              {group.categories.map((category) => {
                const slot = slotOf(category);
                const chosenId = form.picks[category];
                return (
                  <PickCard
                    key={category}
                    category={category}
                    slot={slot}
                    pick={pickOf(prediction, category)}
                    chosen={chosenId ? byId.get(chosenId) : undefined}
                    now={now}
                    costs={costs}
                    locked={locked}
                    onChoose={() => choose(category)}
                    onChange={() => change(category)}
                    upgrade={
                      <UpgradeButton
                        raceId={race.id}
                        userId={userId}
                        kind="PREDICTION"
                        category={category}
                        price={prices.PREDICTION}
                        target={label(category)}
                        facts={{
                          hasPick: upgradeable(prediction, [category]),
                          balance,
                          sessionStarted: now >= Date.parse(slot.startsAt),
                          bought: slot.upgrade === "UPGRADE_ACTIVE",
                        }}
                      />
                    }
                  />
                );
              })}
            </ul>
          </section>
        );
      })}
      <SaveBar form={form} riderName={riderLine} />
    </>
  );
}
