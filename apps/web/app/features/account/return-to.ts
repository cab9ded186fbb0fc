/**
 * Where to go after signing in: the `returnTo` of the login link when it is a path of this site
 * (never another origin: "//evil.example" and "/\\evil" are refused), otherwise the home page.
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // Control characters could smuggle a different URL past the checks above.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
