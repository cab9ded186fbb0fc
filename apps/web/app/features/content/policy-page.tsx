import type { ReactNode } from 'react';
import type { ContentPage } from '@shop/shared';
import { Container } from '../../components/ui/container';
import { richTextClass } from '../../components/ui/rich-text';
import { htmlWithStoreName, splitIntro, withStoreName } from './page-body';

interface PolicyPageProps {
  /** The page as the owner saved it (or the shop's own text), in the page's language. */
  page: Pick<ContentPage, 'title' | 'body'>;
  /** The store's name, in place of `{store}` in the texts. */
  store: string;
  /** Rendered between the introduction and the rest of the body (e.g. highlight cards). */
  lead?: ReactNode;
  /** Rendered after the body (e.g. the contact block). */
  children?: ReactNode;
}

/**
 * The layout of the long-text pages (privacy, terms, return policy): the title, the body's first
 * paragraph as the introduction, then the rest of it. The body is the server's sanitised HTML
 * (docs/decisions/058), the only HTML the storefront renders from stored text.
 */
export function PolicyPage({ page, store, lead, children }: PolicyPageProps) {
  const { intro, rest } = splitIntro(htmlWithStoreName(page.body, store));
  return (
    <Container className="py-10 sm:py-14">
      <article className="mx-auto max-w-3xl">
        <header>
          <h1 className="text-3xl font-semibold text-brand-900 sm:text-4xl">{withStoreName(page.title, store)}</h1>
          {intro !== null ? (
            <p className="mt-4 text-lg leading-relaxed text-stone-700" dangerouslySetInnerHTML={{ __html: intro }} />
          ) : null}
        </header>
        {lead}
        <div className={`mt-10 [&>*:first-child]:mt-0 ${richTextClass}`} dangerouslySetInnerHTML={{ __html: rest }} />
        {children}
      </article>
    </Container>
  );
}
