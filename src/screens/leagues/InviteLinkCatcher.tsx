import { useEffect } from "react";
import { useSearch } from "wouter";
import { inviteLinkFrom, storeInviteLink } from "../../features/leagues/inviteCookies";

/**
 * Rendered outside the sign-in guard on /leagues: a guest who opens an invite link keeps it in cookies
 * through sign-in; the leagues screen uses it once the player is signed in.
 */
export default function InviteLinkCatcher() {
  const search = useSearch();
  useEffect(() => {
    const link = inviteLinkFrom(search);
    if (link) storeInviteLink(link);
  }, [search]);
  return null;
}
