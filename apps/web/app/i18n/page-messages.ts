import { useMatches } from 'react-router';
import type { Messages } from './catalogues.server';

interface MatchLike {
  loaderData?: unknown;
}

/** The `messages` field of a route's loader data, when it has one (decision 022). */
function messagesOf(loaderData: unknown): Messages | undefined {
  if (typeof loaderData !== 'object' || loaderData === null || !('messages' in loaderData)) return undefined;
  const { messages } = loaderData;
  return typeof messages === 'object' && messages !== null ? (messages as Messages) : undefined;
}

/** The parts of a page's catalogue, root first: each matched route's loader `messages`. */
export function matchedMessageParts(matches: ReadonlyArray<MatchLike | undefined>): Messages[] {
  const parts: Messages[] = [];
  for (const match of matches) {
    const messages = messagesOf(match?.loaderData);
    if (messages) parts.push(messages);
  }
  return parts;
}

interface MergeNode {
  merged?: Messages;
  next: WeakMap<Messages, MergeNode>;
}
const merges: MergeNode = { next: new WeakMap() };

/**
 * The page's catalogue: the shell's messages and those of every matched route, merged. The same
 * parts give the same object (remembered weakly), so the translator and everything memoised on
 * it stay stable from one render to the next.
 */
export function matchedMessages(matches: ReadonlyArray<MatchLike | undefined>): Messages {
  const parts = matchedMessageParts(matches);
  let node = merges;
  for (const part of parts) {
    let next = node.next.get(part);
    if (!next) {
      next = { next: new WeakMap() };
      node.next.set(part, next);
    }
    node = next;
  }
  node.merged ??= Object.assign({}, ...parts) as Messages;
  return node.merged;
}

/** The current page's catalogue for the I18nProvider (root and every matched route). */
export function usePageMessages(): Messages {
  return matchedMessages(useMatches());
}
