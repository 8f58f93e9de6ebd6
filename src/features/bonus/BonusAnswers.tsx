import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerTab } from "../../../contract/questionRules";
import { useAnswers } from "../../api/questions";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { Pager, QuestionCard, QuestionList } from "./QuestionCard";
import styles from "./bonus.module.css";

/**
 * Results' tabs (spec section 2, "successful answers" and "all answered") for the weekend's bonus questions: the
 * player's answers of the race under the tab the Results screen shows, with the right answers once graded.
 */
export function BonusAnswers({ userId, raceId, tab }: { userId: string; raceId: string; tab: AnswerTab }) {
  const { t, i18n } = useTranslation("bonus");
  const [page, setPage] = useState(1);
  const answers = useAnswers(userId, raceId, tab, i18n.language, page);

  let body;
  if (answers.isPending) body = <Spinner label={t("loading")} />;
  else if (answers.isError) {
    body = (
      <p className={styles.lead}>
        {t("loadError")}{" "}
        <Button variant="secondary" size="sm" onClick={() => void answers.refetch()}>
          {t("errors:tryAgain")}
        </Button>
      </p>
    );
  } else if (answers.data.count === 0) body = <p className={styles.lead}>{t(`results.empty.${tab}`)}</p>;
  else {
    body = (
      <>
        <QuestionList label={t(`results.tabs.${tab}`)}>
          {answers.data.data.map((q) => (
            <QuestionCard key={q.id} question={q} actions={false} />
          ))}
        </QuestionList>
        <Pager page={answers.data.page} pages={answers.data.pages} onPage={setPage} />
      </>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="bonus-answers-title" data-testid="bonus-answers">
      <h2 className={styles.sectionTitle} id="bonus-answers-title">
        {t("results.title")}
      </h2>
      {body}
    </section>
  );
}
