import type { MetaDescriptor } from 'react-router';
import { rootMeta } from '../../components/layout/root-data';
import type { MessageKey, TranslationKey, TranslationParams } from '../../i18n/i18n';
import { pageMeta } from '../../lib/seo';

interface ContentPageMeta {
  path: string;
  title: MessageKey;
  description: TranslationKey;
  params?: TranslationParams;
}

/** Title, description, canonical link and Open Graph tags of a content page, in the page's language. */
export function contentPageMeta(
  matches: Parameters<typeof rootMeta>[0],
  page: ContentPageMeta,
): MetaDescriptor[] {
  const root = rootMeta(matches);
  if (!root) return [];
  const { t, storeName } = root;
  return pageMeta({
    title: t(page.title),
    description: t(page.description, { store: storeName, ...page.params }),
    path: page.path,
    publicUrl: root.publicUrl,
    type: 'article',
    lang: root.lang,
    siteName: storeName,
  });
}
