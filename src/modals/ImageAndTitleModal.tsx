import { useTranslation } from "react-i18next";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { ModalTitle } from "../ui/modal/ModalTitle";
import styles from "../ui/modal/modal.module.css";

/** A picture and one line, no button (the race-started notice of spec section 8). */
export default function ImageAndTitleModal({ entry }: ModalComponentProps<"ImageAndTitle">) {
  const { t } = useTranslation("errors");
  const text = entry.props.text ?? t(entry.props.textKey ?? "somethingWentWrong");
  return (
    <div className={styles.center}>
      <svg width="120" height="90" viewBox="0 0 120 90" aria-hidden="true" focusable="false">
        <rect x="14" y="8" width="4" height="80" rx="2" fill="var(--color-text-muted)" />
        <g transform="translate(18 10)">
          {Array.from({ length: 24 }, (_, i) => {
            const col = i % 6;
            const row = Math.floor(i / 6);
            return (
              <rect
                key={i}
                x={col * 14}
                y={row * 12}
                width="14"
                height="12"
                fill={(col + row) % 2 === 0 ? "#fff" : "#111"}
              />
            );
          })}
        </g>
        <circle cx="96" cy="74" r="10" fill="var(--color-accent)" />
      </svg>
      <ModalTitle>
        <span className={styles.text}>{text}</span>
      </ModalTitle>
    </div>
  );
}
