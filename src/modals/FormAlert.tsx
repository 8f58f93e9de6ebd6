import styles from "../ui/modal/modal.module.css";

/** A form's one error that belongs to no field, announced to screen readers. */
export function FormAlert({ text }: { text: string | null | undefined }) {
  return text ? (
    <p className={styles.alert} role="alert">
      {text}
    </p>
  ) : null;
}
