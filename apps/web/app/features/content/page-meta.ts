import type { MetaDescriptor } from 'react-router';
import { firstParagraphText, type ContentPage, type ContentPageSlug, type ContentPageResponse } from '@shop/shared';
import { rootMeta } from '../../components/layout/root-data';
import type { Api } from '../../lib/api';
import { pageMeta } from '../../lib/seo';
import { withStoreName } from './page-body';

/** A policy page in the page's language (the API answers in it), for its route's loader. */
export async function loadContentPage(api: Api, slug: ContentPageSlug): Promise<ContentPage> {
  return (await api.get<ContentPageResponse>(`/pages/${slug}`)).page;
}

/**
 * Title, description (the body's first paragraph), canonical link and Open Graph tags of a policy
 * page, in the page's language.
 */
export function contentPageMeta(
  matches: Parameters<typeof rootMeta>[0],
  page: Pick<ContentPage, 'title' | 'body'> | undefined,
  path: string,
): MetaDescriptor[] {
  const root = rootMeta(matches);
  if (!root || !page) return [];
  const { storeName } = root;
  return pageMeta({
    title: withStoreName(page.title, storeName),
    description: withStoreName(firstParagraphText(page.body), storeName),
    path,
    publicUrl: root.publicUrl,
    type: 'article',
    lang: root.lang,
    siteName: storeName,
  });
}
