import { useMatches } from 'react-router';
import type { Messages } from './catalogues.server';

interface MatchLike {
  loaderData?: unknown;
}

/**
 * A route's messages as its loader sends them: the catalogue written as one JSON text. React
 * Router encodes loader data value by value (every key and every text, about 400 values for a
 * home page's); one string is encoded at once, on the server and when the browser decodes it.
 */
export type PackedMessages = string & { readonly packedMessages: true };

export function packMessages(messages: Messages): PackedMessages {
  return JSON.stringify(messages) as PackedMessages;
}

/**
 * A whole page carries each catalogue its loaders send once, as a data script of its own
 * (`PageCatalogues`), and its loader data names the script: React Router would otherwise encode
 * the catalogue inside the page's data, its text escaped twice over, at every rendering. A client
 * navigation's data carries the catalogue itself. A name is `@` and the selection's id.
 */
const REFERENCE_MARK = '@';
/** Each named catalogue's text, escaped for a script element (the same text on both sides). */
const referencedTexts = new Map<string, string>();

function isReference(packed: string): boolean {
  return packed.startsWith(REFERENCE_MARK);
}

/** The id of the data script holding a named catalogue. */
export function catalogueScriptId(reference: string): string {
  return `catalogue${reference}`;
}

/**
 * A selection's catalogue as a whole page's loader sends it: its name (the page carries the text
 * in `PageCatalogues`). `id` names the selection (the language and its namespaces).
 */
export function catalogueReference(id: string, packed: PackedMessages): PackedMessages {
  const reference = `${REFERENCE_MARK}${id}`;
  // "<" written as its JSON escape: no "</script>" or "<!--" can end or change the element.
  if (!referencedTexts.has(reference)) referencedTexts.set(reference, packed.replaceAll('<', '\\u003c'));
  return reference as PackedMessages;
}

/** A named catalogue's text: known on the server; in the browser, read from the page's script. */
export function referencedText(reference: string): string | undefined {
  let text = referencedTexts.get(reference);
  if (text === undefined && typeof document !== 'undefined') {
    text = document.getElementById(catalogueScriptId(reference))?.textContent ?? undefined;
    if (text !== undefined) referencedTexts.set(reference, text);
  }
  return text;
}

/**
 * Each packed catalogue read once: the server renders with the very strings it keeps, and a
 * browser receives the same few (a route's namespaces in one language) again and again.
 */
const unpacked = new Map<string, Messages>();

function unpackMessages(packed: string): Messages | undefined {
  const known = unpacked.get(packed);
  if (known) return known;
  const text = isReference(packed) ? referencedText(packed) : packed;
  if (text === undefined) return undefined;
  let messages: unknown;
  try {
    messages = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) return undefined;
  unpacked.set(packed, messages as Messages);
  return messages as Messages;
}

/** The `messages` field of a route's loader data, when it has one (decision 022). */
function messagesOf(loaderData: unknown): Messages | undefined {
  if (typeof loaderData !== 'object' || loaderData === null || !('messages' in loaderData)) return undefined;
  const { messages } = loaderData;
  return typeof messages === 'string' ? unpackMessages(messages) : undefined;
}

/** The catalogues the matched routes' loaders name (`catalogueReference`), each once. */
export function matchedCatalogueReferences(matches: ReadonlyArray<MatchLike | undefined>): string[] {
  const references = new Set<string>();
  for (const match of matches) {
    const data = match?.loaderData;
    if (typeof data !== 'object' || data === null || !('messages' in data)) continue;
    if (typeof data.messages === 'string' && isReference(data.messages)) references.add(data.messages);
  }
  return [...references];
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
