/**
 * How a page's sanitised HTML reads (docs/decisions/058): the storefront's policy pages and the
 * back office's editor and preview share it, so what the owner edits looks as the shopper sees it.
 */
export const richTextClass = [
  '[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-stone-900',
  '[&_p]:mt-3 [&_p]:leading-relaxed [&_p]:text-stone-700',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6 [&_ul]:leading-relaxed [&_ul]:text-stone-700 [&_ul]:marker:text-brand-600',
  '[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:ps-6 [&_ol]:leading-relaxed [&_ol]:text-stone-700 [&_ol]:marker:text-brand-600',
  '[&_strong]:font-semibold [&_strong]:text-stone-800',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-800',
].join(' ');
