import styles from "./Avatar.module.css";

export type AvatarProps = {
  name: string;
  src?: string | null;
  size?: number;
  /** The image repeats a name shown next to it: keep it out of the accessibility tree. */
  decorative?: boolean;
};

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts.at(-1)!] : parts;
  return letters.map((p) => [...p][0]!.toUpperCase()).join("") || "?";
}

export function Avatar({ name, src, size = 40, decorative = true }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (src) {
    return (
      <img className={styles.avatar} style={style} src={src} alt={decorative ? "" : name} width={size} height={size} />
    );
  }
  return (
    <span
      className={`${styles.avatar} ${styles.initials}`}
      style={style}
      aria-hidden={decorative || undefined}
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
    >
      {initials(name)}
    </span>
  );
}
