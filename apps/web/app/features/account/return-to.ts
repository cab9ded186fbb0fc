import { sameOriginPath } from '../../lib/safe-path';

/**
 * Where to go after signing in: the `returnTo` of the login link when it is a path of this site
 * (never another origin: "//evil.example", "/\\evil" and "/%09/evil.example" are refused),
 * otherwise the home page. The rule is lib/safe-path.ts's, shared with the language switch.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  return sameOriginPath(value, fallback);
}
