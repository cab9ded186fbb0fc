import type { MetaDescriptor } from 'react-router';
import { rootMeta } from '../../components/layout/root-data';
import type { MessageKey } from '../../i18n/i18n';
import { pageMeta } from '../../lib/seo';

type MetaMatches = Parameters<typeof rootMeta>[0];

/** Title and description of an account screen; never indexed (they are personal pages). */
export function accountMeta(
  matches: MetaMatches,
  path: string,
  title: MessageKey,
  description: MessageKey,
): MetaDescriptor[] {
  const root = rootMeta(matches);
  if (!root) return [{ name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: root.t(title),
    description: root.t(description),
    path,
    publicUrl: root.publicUrl,
    lang: root.lang,
    siteName: root.storeName,
    noindex: true,
  });
}
