import type { WebLoadContext } from '@shop/shared';
import { languageFromRequest } from '../lib/language.server';
import { loaderMessagesFor, type Namespace } from './catalogues.server';
import type { PackedMessages } from './page-messages';

/**
 * The messages a route's screen needs, in the request's language, for its loader data:
 * `return { ...data, messages: routeMessages({ request, context }, ['catalog', 'cart']) }`. The
 * root's I18nProvider merges them with the shell's (decision 022); a client navigation receives
 * them with the route's data, a whole page in a script of their own (page-messages.ts).
 * route-messages.test.ts fails when a screen uses a namespace that neither its route (nor a
 * parent route) declares nor the shell carries.
 */
export function routeMessages(
  { request, context }: { request: Request; context: Pick<WebLoadContext, 'documentRequest'> },
  namespaces: readonly Namespace[],
): PackedMessages {
  return loaderMessagesFor(languageFromRequest(request), namespaces, context.documentRequest);
}
