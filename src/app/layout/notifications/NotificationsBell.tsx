import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../../i18n/raceNames";
import { Link } from "wouter";
import { BellIcon, CloseIcon } from "../../../ui/icons";
import { EmptyState } from "../../../ui/EmptyState";
import { Spinner } from "../../../ui/Spinner";
import { useLiveStatus, useNotifications } from "../../../runtime/hooks";
import { useDismiss } from "../../../ui/useDismiss";
import type { Notification } from "../../../../contract/notifications";
import { bellEntries, describeNotification, type BellEntry } from "./notificationText";
import { relativeTimeOf } from "./relativeTime";
import { serverClock } from "../../../api/serverClock";
import styles from "./NotificationsBell.module.css";

/** The server's time: a notification's `createdAt` is the server's, so "5 min ago" holds on a phone whose clock is off. */
const serverDate = () => new Date(serverClock.now());

/** "Now" for relative times: set when the list opens, then ticking every minute while it stays open. */
function useNow(active: boolean): [Date, () => void] {
  const [now, setNow] = useState(serverDate);
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(serverDate()), 60_000);
    return () => clearInterval(id);
  }, [active]);
  return [now, () => setNow(serverDate())];
}

/** Spec section 2: "a notifications bell with a dropdown list" — unread badge, mark-read on open, delete one or all. */
export function NotificationsBell() {
  const { t } = useTranslation("notifications");
  const { items, unread, status, send } = useNotifications();
  const liveStatus = useLiveStatus();
  const [open, setOpen] = useState(false);
  // What was unread when the list opened stays highlighted until it closes (it is already marked read).
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, box, close, trigger);
  const [now, refreshNow] = useNow(open);

  function toggle() {
    if (open) return close();
    const unreadIds = items.filter((n) => !n.isRead).map((n) => n.id);
    setFresh(new Set(unreadIds));
    refreshNow();
    if (unreadIds.length) send({ type: "notifications.read", ids: unreadIds });
    setOpen(true);
  }

  const texts = { justNow: t("justNow"), yesterday: t("yesterday") };
  const badge = unread > 99 ? "99+" : String(unread);

  return (
    <div className={styles.bell} ref={box}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? t("bellUnread", { count: unread }) : t("bell")}
        data-live={liveStatus}
        onClick={toggle}
      >
        <BellIcon />
        {unread ? (
          <span className={styles.badge} data-testid="notifications-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <section id={panelId} className={styles.panel} aria-labelledby={titleId}>
          <header className={styles.head}>
            <h2 id={titleId} className={styles.title}>
              {t("title")}
            </h2>
            <button
              type="button"
              className={styles.deleteAll}
              disabled={items.length === 0}
              onClick={() => send({ type: "notifications.deleteAll" })}
            >
              {t("deleteAll")}
            </button>
          </header>
          {status === "loading" && items.length === 0 ? (
            <div className={styles.state}>
              <Spinner size="sm" />
            </div>
          ) : status === "failed" && items.length === 0 ? (
            <div className={styles.state} role="alert">
              <p>{t("loadFailed")}</p>
              <button type="button" className={styles.retry} onClick={() => send({ type: "notifications.reload" })}>
                {t("retry")}
              </button>
            </div>
          ) : items.length === 0 ? (
            <EmptyState title={t("listEmpty", { ns: "errors" })} icon={<BellIcon />} />
          ) : (
            <ul className={styles.list} aria-label={t("title")}>
              {bellEntries(items).map((entry) =>
                entry.kind === "one" ? (
                  <NoticeItem
                    key={entry.notice.id}
                    notice={entry.notice}
                    fresh={fresh.has(entry.notice.id)}
                    now={now}
                    texts={texts}
                    close={close}
                    send={send}
                  />
                ) : (
                  <ResultsGroup
                    key={`results:${entry.key}`}
                    entry={entry}
                    fresh={fresh}
                    now={now}
                    texts={texts}
                    close={close}
                    send={send}
                  />
                ),
              )}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

type ItemProps = {
  now: Date;
  texts: { justNow: string; yesterday: string };
  close(): void;
  send: ReturnType<typeof useNotifications>["send"];
};

/** One notice: its text linking where it leads, its time, and its delete button. */
function NoticeItem({
  notice: n,
  fresh,
  now,
  texts,
  close,
  send,
}: ItemProps & { notice: Notification; fresh: boolean }) {
  const { t, i18n } = useTranslation("notifications");
  const { text, href } = describeNotification(n, t);
  return (
    <li className={`${styles.item} ${fresh ? styles.fresh : ""}`} data-testid="notification">
      <Link href={href} className={styles.link} onClick={close}>
        <span className={styles.text}>{text}</span>
        <time
          className={styles.time}
          dateTime={n.createdAt}
          title={new Date(n.createdAt).toLocaleString(i18n.language)}
        >
          {relativeTimeOf(n.createdAt, now, texts)}
        </time>
        {fresh ? <span className="visually-hidden">{t("new")}</span> : null}
      </Link>
      <button
        type="button"
        className={styles.delete}
        aria-label={t("delete", { text })}
        onClick={() => send({ type: "notifications.delete", ids: [n.id] })}
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

/**
 * A race weekend's session results under one heading: a disclosure button (Enter or Space) with the race, how many
 * sessions and the points they add up to, opening the sessions' own notices.
 */
function ResultsGroup({
  entry,
  fresh,
  ...rest
}: ItemProps & { entry: Extract<BellEntry, { kind: "results" }>; fresh: ReadonlySet<string> }) {
  const { t } = useTranslation("notifications");
  const raceLabel = useRaceName();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const anyFresh = entry.notices.some((n) => fresh.has(n.id));
  return (
    <li className={`${styles.group} ${anyFresh ? styles.fresh : ""}`} data-testid="notification-group">
      <button
        type="button"
        className={styles.groupToggle}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((e) => !e)}
      >
        <span className={styles.text}>{t("group.title", { race: raceLabel(entry.raceName) })}</span>
        <span className={styles.time}>
          {t("group.summary", { sessions: entry.notices.length, points: entry.points })}
        </span>
        {anyFresh ? <span className="visually-hidden">{t("new")}</span> : null}
      </button>
      <ul
        id={listId}
        className={styles.groupList}
        hidden={!expanded}
        aria-label={t("group.title", { race: raceLabel(entry.raceName) })}
      >
        {entry.notices.map((n) => (
          <NoticeItem key={n.id} notice={n} fresh={fresh.has(n.id)} {...rest} />
        ))}
      </ul>
    </li>
  );
}
