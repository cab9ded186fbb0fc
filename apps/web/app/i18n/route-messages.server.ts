import { languageFromRequest } from '../lib/language.server';
import { packedMessagesFor, type Namespace } from './catalogues.server';
import type { PackedMessages } from './page-messages';

/**
 * The messages a route's screen needs, in the request's language, for its loader data:
 * `return { ...data, messages: routeMessages(request, ['catalog', 'cart']) }`. The root's
 * I18nProvider merges them with the shell's (decision 022); a client navigation receives them
 * with the route's data. route-messages.test.ts fails when a screen uses a namespace that neither
 * its route (nor a parent route) declares nor the shell carries.
 */
export function routeMessages(request: Request, namespaces: readonly Namespace[]): PackedMessages {
  return packedMessagesFor(languageFromRequest(request), namespaces);
}
