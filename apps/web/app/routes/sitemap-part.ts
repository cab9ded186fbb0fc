import { buildSitemapXml, sitemapParts } from '../features/content/sitemap';
import { publicPages, xmlResponse } from '../features/content/sitemap-document.server';
import { apiFrom } from '../lib/api';
import type { Route } from './+types/sitemap-part';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** One numbered file of a split sitemap (`/sitemaps/2.xml`); the index at /sitemap.xml lists them. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const part = /^([1-9]\d{0,4})\.xml$/.exec(params.file)?.[1];
  if (part === undefined) return notFound();
  const parts = sitemapParts(await publicPages(apiFrom(context)));
  const entries = parts[Number(part) - 1];
  // A small shop has one sitemap, /sitemap.xml itself; a number past the last file is not a file.
  if (entries === undefined || parts.length === 1) return notFound();
  return xmlResponse(buildSitemapXml(context.publicUrl, entries));
}
