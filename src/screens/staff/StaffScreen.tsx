import { lazy, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Route, Switch } from "wouter";
import type { StaffMe, StaffTool } from "../../../contract/staff";
import { ApiError } from "../../api/client";
import { useStaffMe } from "../../api/staff";
import { useProfile, useSessionPending } from "../../runtime/hooks";
import { RouteFallback } from "../../ui/RouteFallback";
import page from "../../ui/Page.module.css";
import { EmptyState } from "../../ui/EmptyState";
import { Button } from "../../ui/Button";
import { staffPaths } from "./staffPaths";
import styles from "./staff.module.css";

const AuditPage = lazy(() => import("./AuditPage"));
const FlowsPage = lazy(() => import("./FlowsPage"));
const PagesPage = lazy(() => import("./PagesPage"));
const RaceControlPage = lazy(() => import("./RaceControlPage"));
const ReplayLookup = lazy(() => import("./ReplayPage").then((m) => ({ default: m.ReplayLookup })));
const ReplayPage = lazy(() => import("./ReplayPage").then((m) => ({ default: m.ReplayPage })));

/**
 * /staff/…: only for callers the server knows as staff (GET /staff/me). A guest or a player sees the
 * not-found page, as does a staff member on a tool their roles do not open; the server refuses their calls too.
 */
function StaffGate({
  tool,
  notFound,
  children,
}: {
  tool?: StaffTool;
  notFound: ReactNode;
  children: (me: StaffMe) => ReactNode;
}) {
  const { t } = useTranslation("staff");
  const pending = useSessionPending();
  const profile = useProfile();
  const me = useStaffMe(profile?.id);
  if (pending || (profile && me.isPending)) return <RouteFallback />;
  if (
    !profile ||
    (me.error instanceof ApiError && me.error.status === 403) ||
    (me.data && tool && !me.data.tools.includes(tool))
  )
    return <>{notFound}</>;
  if (me.isError || !me.data)
    return (
      <div className={page.page}>
        <h1 className={page.title}>{t("title")}</h1>
        <p role="alert" className={page.lead}>
          {t("loadError")}
        </p>
        <div className={page.actions}>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            {t("retry")}
          </Button>
        </div>
      </div>
    );
  return <>{children(me.data)}</>;
}

/** The staff pages built so far, by tool. */
const toolPages: Partial<Record<StaffTool, string>> = {
  flows: staffPaths.flows,
  replay: staffPaths.replay,
  pages: staffPaths.pages,
  raceControl: staffPaths.raceControl,
  audit: staffPaths.audit,
};

function StaffHome({ me }: { me: StaffMe }) {
  const { t } = useTranslation("staff");
  const pages = me.tools.flatMap((tool) => (toolPages[tool] ? [[tool, toolPages[tool]] as const] : []));
  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("title")}</h1>
        <p className={page.lead}>{t("lead", { roles: me.roles.map((r) => t(`roles.${r}`)).join(", ") })}</p>
      </div>
      {pages.length ? (
        <ul className={styles.tools}>
          {pages.map(([tool, href]) => (
            <li key={tool}>
              <Link href={href} className={styles.tool}>
                <span className={styles.toolName}>{t(`tools.${tool}.name`)}</span>
                <span>{t(`tools.${tool}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t("noTools")} />
      )}
    </div>
  );
}

/** The staff area, code-split: players never download it. `notFound` is the app's not-found page. */
export default function StaffScreen({ notFound }: { notFound: ReactNode }) {
  return (
    <Switch>
      <Route path={staffPaths.home}>
        <StaffGate notFound={notFound}>{(me) => <StaffHome me={me} />}</StaffGate>
      </Route>
      <Route path={staffPaths.flows}>
        <StaffGate tool="flows" notFound={notFound}>
          {() => <FlowsPage />}
        </StaffGate>
      </Route>
      <Route path={staffPaths.pages}>
        <StaffGate tool="pages" notFound={notFound}>
          {() => <PagesPage />}
        </StaffGate>
      </Route>
      <Route path={staffPaths.raceControl}>
        <StaffGate tool="raceControl" notFound={notFound}>
          {() => <RaceControlPage />}
        </StaffGate>
      </Route>
      <Route path={staffPaths.audit}>
        <StaffGate tool="audit" notFound={notFound}>
          {() => <AuditPage />}
        </StaffGate>
      </Route>
      <Route path={staffPaths.replay}>
        <StaffGate tool="replay" notFound={notFound}>
          {() => <ReplayLookup />}
        </StaffGate>
      </Route>
      <Route path={`${staffPaths.replay}/:id`}>
        {(params) => (
          <StaffGate tool="replay" notFound={notFound}>
            {() => <ReplayPage id={params.id} />}
          </StaffGate>
        )}
      </Route>
      <Route>{notFound}</Route>
    </Switch>
  );
}
