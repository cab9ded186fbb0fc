/**
 * Where a redirect may send the browser: the shop's one rule, shared with the API's contract for
 * stored links (packages/shared/src/safe-links.ts).
 */
export { sameOriginPath } from '@shop/shared';
