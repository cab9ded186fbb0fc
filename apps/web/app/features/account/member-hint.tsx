import { TOKEN_STORAGE_KEY } from '@shop/shared';
import { UserIcon } from '../../components/ui/icons';
import type { AuthStatus } from './auth';

/**
 * Public pages are one page for everyone (the page cache, docs/decisions/065): who is signed in
 * is known in the browser only, after its profile request. So that a signed-in shopper never sees
 * "Sign in" in the meantime, this script, run in the page's head before anything is painted, marks
 * the document when the browser holds a session token; while the session is being checked
 * (status 'loading') the guest-only parts are hidden by the `member:` variant (app.css) and a
 * placeholder keeps the account's place.
 */
export const MEMBER_ATTRIBUTE = 'data-member';

const MEMBER_HINT_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)}))` +
  `document.documentElement.setAttribute(${JSON.stringify(MEMBER_ATTRIBUTE)},'')}catch(e){}`;

export function MemberHintScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MEMBER_HINT_SCRIPT }} />;
}

/** Classes of a part shown to guests only: hidden at once for a session while it is being checked. */
export function guestOnly(status: AuthStatus, className = ''): string {
  return status === 'loading' ? `${className} member:hidden`.trim() : className;
}

/** Where the signed-in shopper's name will be, while the session is being checked. */
export function MemberPlaceholder({
  status,
  className = '',
}: {
  status: AuthStatus;
  className?: string;
}) {
  if (status !== 'loading') return null;
  return (
    <span
      aria-hidden="true"
      data-member-placeholder=""
      className={`hidden items-center gap-2 member:inline-flex ${className}`}
    >
      <UserIcon className="size-5 shrink-0 text-stone-400" />
      <span className="h-3 w-20 rounded bg-stone-200 motion-safe:animate-pulse" />
    </span>
  );
}
