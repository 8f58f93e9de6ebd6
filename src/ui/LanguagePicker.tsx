import { useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { languages, setLanguage } from "../i18n/i18n";
import { isLanguageCode } from "../i18n/languages";
import { ChevronDownIcon, GlobeIcon } from "./icons";
import { VisuallyHidden } from "./VisuallyHidden";
import { useDismiss } from "./useDismiss";
import styles from "./LanguagePicker.module.css";

/** The 15 languages, each in its own name; the choice is stored locally (i18n.ts). */
export function LanguagePicker({ align = "end" }: { align?: "start" | "end" }) {
  const { t, i18n } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, box, close, trigger);
  const current = languages.find((l) => l.code === i18n.resolvedLanguage) ?? languages[0]!;

  return (
    <div className={styles.picker} ref={box}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        <GlobeIcon size={18} />
        {/* The accessible name begins with the visible code (WCAG 2.5.3, label in name): "EN (Language: English. Change language)". */}
        <span>{current.shortName}</span>
        <VisuallyHidden context>{t("language.choose", { language: current.name })}</VisuallyHidden>
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        <ul
          id={listId}
          className={`${styles.list} ${align === "start" ? styles.start : ""}`}
          aria-label={t("language.label")}
        >
          {languages.map((language) => (
            <li key={language.code}>
              <button
                type="button"
                lang={language.code}
                className={styles.option}
                aria-current={language.code === current.code ? "true" : undefined}
                onClick={() => {
                  if (isLanguageCode(language.code)) void setLanguage(language.code);
                  close();
                  trigger.current?.focus();
                }}
              >
                <span className={styles.short} aria-hidden="true">
                  {language.shortName}
                </span>
                <span>{language.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
