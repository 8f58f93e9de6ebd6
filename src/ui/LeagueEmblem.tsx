import type { LeagueType } from "../../contract/enums";

/** Decorative emblem of a league type: a globe (public), a padlock (private), a crown (VIP). */
export function LeagueEmblem({ type }: { type: LeagueType }) {
  return (
    <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#1f232a" stroke="#454d5b" strokeWidth="2" />
      {type === "PUBLIC" ? (
        <g fill="none" stroke="#ffffff" strokeWidth="5">
          <circle cx="60" cy="60" r="30" />
          <ellipse cx="60" cy="60" rx="13" ry="30" />
          <path d="M30 60h60M34 45h52M34 75h52" />
        </g>
      ) : null}
      {type === "PRIVATE" ? (
        <g>
          <path d="M42 56V46a18 18 0 0 1 36 0v10" fill="none" stroke="#ffffff" strokeWidth="6" />
          <rect x="34" y="54" width="52" height="38" rx="8" fill="#ff2d2d" />
          <circle cx="60" cy="70" r="6" fill="#0e1013" />
          <path d="M60 72v10" stroke="#0e1013" strokeWidth="5" />
        </g>
      ) : null}
      {type === "VIP" ? (
        <g>
          <path d="M30 82L26 42l20 16 14-24 14 24 20-16-4 40Z" fill="#ffc531" />
          <rect x="30" y="84" width="60" height="9" rx="3" fill="#ffc531" />
          <circle cx="60" cy="64" r="5" fill="#ff2d2d" />
        </g>
      ) : null}
    </svg>
  );
}
