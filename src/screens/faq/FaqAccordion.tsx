import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { faqItems, type FaqItemKey } from "./faqItems";
import styles from "./FaqScreen.module.css";

/**
 * WAI-ARIA accordion: each question is a button with aria-expanded controlling its answer region;
 * ArrowUp/ArrowDown/Home/End move between questions.
 */
export function FaqAccordion() {
  const { t } = useTranslation("faq");
  const [open, setOpen] = useState<ReadonlySet<FaqItemKey>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function toggle(key: FaqItemKey) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function move(event: KeyboardEvent, index: number) {
    const last = faqItems.length - 1;
    const target =
      event.key === "ArrowDown"
        ? Math.min(index + 1, last)
        : event.key === "ArrowUp"
          ? Math.max(index - 1, 0)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <div className={styles.accordion}>
      {faqItems.map((key, index) => {
        const expanded = open.has(key);
        return (
          <div key={key} className={`${styles.item} ${expanded ? styles.open : ""}`}>
            <h2 className={styles.question}>
              <button
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                id={`faq-${key}`}
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={`faq-${key}-answer`}
                onClick={() => toggle(key)}
                onKeyDown={(event) => move(event, index)}
              >
                <span>{t(`${key}Q`)}</span>
                <span className={styles.chevron} aria-hidden="true" />
              </button>
            </h2>
            <div
              id={`faq-${key}-answer`}
              role="region"
              aria-labelledby={`faq-${key}`}
              className={styles.answer}
              hidden={!expanded}
            >
              <p>{t(`${key}A`)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
