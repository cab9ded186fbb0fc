import { useRouteLoaderData } from 'react-router';
import { storeAddress, type Language, type StoreSettings } from '@shop/shared';
import { createTranslator, type Translate } from '../../i18n/i18n';
import { matchedMessages, type PackedMessages } from '../../i18n/page-messages';
import { storeName } from '../../lib/localized';

/** What the root loader gives every page: language, the shell's messages, store settings, public URL. */
export interface RootData {
  lang: Language;
  messages: PackedMessages;
  settings: StoreSettings;
  publicUrl: string;
  /** The current year in Kuwait, decided on the server so the footer hydrates without a mismatch. */
  year: number;
}

/** The root loader's data inside a page (pages render only after the root loader succeeded). */
export function useRootData(): RootData {
  // The route with id "root" is app/root.tsx, whose loader returns RootData.
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (!root) throw new Error('useRootData used outside the root route');
  return root;
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/**
 * The root loader's data from a meta function's matches, with a translator and the store's name
 * for the page's language. meta runs outside React, so it cannot use the i18n context.
 */
export function rootMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
): (RootData & { t: Translate; storeName: string }) | null {
  // The match with id "root" is the root route, whose loader returns RootData.
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  if (!root) return null;
  // The shell's messages and the page's own (its route loaders' `messages`, decision 022).
  const messages = matchedMessages(matches);
  return { ...root, t: createTranslator(messages, root.lang), storeName: storeName(root.lang, root.settings) };
}

/**
 * The store address to show in the page's language (storeAddress: the owner's English address on
 * English pages); the default address, the country's name, is named by the catalogue.
 */
export function displayAddress(settings: StoreSettings, t: Translate, lang: Language): string {
  return storeAddress(lang, settings) ?? t('layout.default_address');
}
