import styles from "./Diamond.module.css";

/** The diamond mark next to a price; decorative (the accessible names say "diamonds"). */
export function Diamond() {
  return (
    <svg className={styles.diamond} viewBox="0 0 64 64" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d="M14 8H50L62 24L32 58L2 24Z" fill="#5ad1ff" />
      <path d="M2 24H62L32 58Z" fill="#2a9fd8" />
      <path d="M14 8L22 24L32 8L42 24L50 8" stroke="#c9f1ff" strokeWidth="2.5" strokeLinejoin="round" fill="none" />
    </svg>
  );
}
