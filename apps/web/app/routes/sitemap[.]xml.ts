import { buildSitemapIndexXml, buildSitemapXml, sitemapParts } from '../features/content/sitemap';
import { publicPages, xmlResponse } from '../features/content/sitemap-document.server';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/sitemap[.]xml';

/** The sitemap: every public page in one file, or, for a large catalogue, the index of its files. */
export async function loader({ context }: Route.LoaderArgs) {
  const parts = sitemapParts(await publicPages(apiFrom(context)));
  return xmlResponse(
    parts.length === 1 ? buildSitemapXml(context.publicUrl, parts[0]!) : buildSitemapIndexXml(context.publicUrl, parts.length),
  );
}
