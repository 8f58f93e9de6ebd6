import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { actorNames } from "../../../contract/diagnostics";
import { replayActor } from "../../../machines/recorder";
import { ApiError } from "../../api/client";
import { useReport } from "../../api/staff";
import { useProfile } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import page from "../../ui/Page.module.css";
import { Spinner } from "../../ui/Spinner";
import { layoutChart } from "./chartLayout";
import { FlowChart } from "./FlowChart";
import { staffMachines } from "./machineRegistry";
import { staffPaths } from "./staffPaths";
import styles from "./staff.module.css";

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The dotted names of a state value's active states ("ready.member" → ready, ready.member). */
function activeStates(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix ? `${prefix}.${value}` : value];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return [name, ...activeStates(child, name)];
  });
}

/** /staff/replay: a report id to open. */
export function ReplayLookup() {
  const { t } = useTranslation("staff");
  const [, navigate] = useLocation();
  const [id, setId] = useState("");
  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("replay.title")}</h1>
        <p className={page.lead}>{t("replay.lead")}</p>
      </div>
      <form
        className={styles.controls}
        onSubmit={(e) => {
          e.preventDefault();
          if (id.trim()) navigate(`${staffPaths.replay}/${encodeURIComponent(id.trim().toUpperCase())}`);
        }}
      >
        <label className={styles.field}>
          <span>{t("replay.id")}</span>
          <input type="text" value={id} required autoComplete="off" onChange={(e) => setId(e.target.value)} />
        </label>
        <Button type="submit">{t("replay.open")}</Button>
      </form>
    </div>
  );
}

/** /staff/replay/{id} (support, operators): each actor's recorded events step by step on its machine's chart. */
export function ReplayPage({ id }: { id: string }) {
  const { t } = useTranslation("staff");
  const userId = useProfile()!.id;
  const report = useReport(userId, id);
  const [actorIndex, setActorIndex] = useState(0);
  const [step, setStep] = useState(0);
  const actors = report.data?.bundle.actors ?? [];
  // XState's own ids ("x:0") say nothing: support reads the system's names, else the machines'.
  const names = actorNames(actors);
  const actor = actors[actorIndex];
  const machine = actor ? staffMachines.get(actor.machine) : undefined;
  const replay = useMemo(
    () => (actor && machine && actor.complete ? replayActor(machine, actor) : null),
    [actor, machine],
  );
  const layout = useMemo(() => (machine ? layoutChart(machine, []) : null), [machine]);

  if (report.isPending) return <Spinner size="lg" label={t("replay.loading")} />;
  if (report.isError)
    return (
      <div className={`${page.page} ${styles.page}`}>
        <h1 className={page.title}>{t("replay.title")}</h1>
        <p role="alert" className={page.lead}>
          {report.error instanceof ApiError && report.error.status === 404
            ? t("replay.notFound", { id })
            : t("replay.error")}
        </p>
      </div>
    );
  const { bundle } = report.data;
  const steps = actor?.steps ?? [];
  const at = Math.min(step, steps.length);
  const value = at === 0 ? actor?.initial.value : steps[at - 1]!.value;
  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("replay.reportTitle", { id: report.data.id })}</h1>
        <p className={page.lead}>
          {t("replay.meta", { version: bundle.appVersion, route: bundle.route, at: bundle.createdAt })}
        </p>
      </div>
      <form className={styles.controls} onSubmit={(e) => e.preventDefault()}>
        <label className={styles.field}>
          <span>{t("replay.actor")}</span>
          <select
            value={actorIndex}
            onChange={(e) => {
              setActorIndex(Number(e.target.value));
              setStep(0);
            }}
          >
            {actors.map((a, i) => (
              <option key={`${a.id}-${i}`} value={i}>
                {names[i] === a.machine ? a.machine : t("replay.actorOption", { id: names[i], machine: a.machine })}
              </option>
            ))}
          </select>
        </label>
      </form>
      {actor ? (
        <section aria-labelledby="replay-step" className={styles.section}>
          <h2 id="replay-step" className={styles.heading}>
            {t("replay.step", { step: at, steps: steps.length })}
          </h2>
          <p data-testid="replay-state" aria-live="polite">
            {at === 0
              ? t("replay.start", { state: show(value) })
              : t("replay.after", {
                  event: show((steps[at - 1]!.event as { type?: unknown }).type),
                  state: show(value),
                })}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" disabled={at === 0} onClick={() => setStep(at - 1)}>
              {t("replay.previous")}
            </Button>
            <Button variant="secondary" disabled={at >= steps.length} onClick={() => setStep(at + 1)}>
              {t("replay.next")}
            </Button>
          </div>
          <p data-testid="replay-verdict">
            {!actor.complete
              ? t("replay.incomplete")
              : !machine
                ? t("replay.noMachine")
                : replay?.matches
                  ? t("replay.matches")
                  : t("replay.differs")}
          </p>
          {layout && machine ? (
            <div
              className={styles.chartScroll}
              tabIndex={0}
              role="region"
              aria-label={t("flows.chartRegion", { machine: actor.machine })}
            >
              <FlowChart machine={actor.machine} layout={layout} active={activeStates(value)} allLabels />
            </div>
          ) : null}
          <h3 className={styles.heading}>{t("replay.snapshot")}</h3>
          <pre className={styles.snapshot} tabIndex={0}>
            {JSON.stringify(at === 0 ? actor.initial : at === steps.length ? actor.current : { value }, null, 2)}
          </pre>
        </section>
      ) : null}
    </div>
  );
}
