import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { QuestionTab } from "../../../contract/questionRules";
import { useQuestions } from "../../api/questions";
import { useProfile } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { Pager, QuestionCard, QuestionList } from "../../features/bonus/QuestionCard";
import styles from "./bonusQuestions.module.css";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";

/** Spec section 2: "Bonus question tabs: new, all, answered", each its own route. */
const tabs: readonly { key: QuestionTab; path: string }[] = [
  { key: "new", path: paths.bonusQuestions },
  { key: "all", path: paths.bonusAll },
  { key: "answered", path: paths.bonusAnswered },
];

/** The tabs as links: each tab is a route (/bonus-questions, /bonus-questions/all, /bonus-questions/answered). */
function BonusTabs({ current }: { current: QuestionTab }) {
  const { t } = useTranslation("bonus");
  return (
    <nav aria-label={t("tabs.label")} className={styles.tabs}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          href={tab.path}
          className={`${styles.tab} ${tab.key === current ? styles.tabCurrent : ""}`}
          aria-current={tab.key === current ? "page" : undefined}
        >
          {t(`tabs.${tab.key}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * /bonus-questions (new: still open), /bonus-questions/all and /bonus-questions/answered: the player's bonus
 * questions with their countdowns, answers and results, paged; Answer opens the ChooseAnswer modal.
 */
export default function BonusQuestionsScreen({ tab }: { tab: QuestionTab }) {
  const { t, i18n } = useTranslation("bonus");
  const me = useProfile();
  const [page, setPage] = useState(1);
  const list = useQuestions(me?.id, tab, i18n.language, page);

  let body;
  if (list.isPending) body = <Spinner size="lg" label={t("loading")} />;
  else if (list.isError)
    body = (
      <EmptyState
        title={t("loadError")}
        action={<Button onClick={() => void list.refetch()}>{t("errors:tryAgain")}</Button>}
      />
    );
  else if (list.data.count === 0) body = <EmptyState title={t(`empty.${tab}`)} text={t("emptyHelp")} />;
  else {
    body = (
      <>
        <QuestionList label={t(`tabs.${tab}`)} busy={list.isFetching}>
          {list.data.data.map((q) => (
            <QuestionCard key={q.id} question={q} />
          ))}
        </QuestionList>
        <Pager page={list.data.page} pages={list.data.pages} onPage={setPage} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t("title")}</h1>
        <p className={styles.lead}>{t("lead")}</p>
        <BonusTabs current={tab} />
      </header>
      {body}
    </div>
  );
}
