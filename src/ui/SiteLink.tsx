import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";

/** A path of this site ("/faq"), not an address elsewhere ("https://…") nor a protocol-relative one ("//host/…"). */
export const isInternalHref = (href: string) => href.startsWith("/") && !href.startsWith("//");

/**
 * A link to an address the operator may set (GET /system/links): a path of the product stays in the SPA, relative
 * to whatever host name the page was opened from; an external address opens in a new tab and says so.
 */
export function SiteLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  if (isInternalHref(href)) {
    return (
      <Link href={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children} <span className="visually-hidden">{t("opensInNewTab")}</span>
    </a>
  );
}
