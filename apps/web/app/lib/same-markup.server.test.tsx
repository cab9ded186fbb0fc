import { text } from 'node:stream/consumers';
import { Suspense, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SameMarkup, SameMarkupContext, sharedValueId } from './same-markup';
import { keptMarkupStage, MarkupStore, pageMarkupReuse, takeCaptures, writeFills } from './same-markup.server';
import { FlushJoined, pipeThrough, scriptsAfterFirstPaint } from './script-priority.server';

/** Renders `page` as entry.server does for a page for everyone (or without reuse): its HTML. */
async function render(page: ReactNode, store: MarkupStore | null): Promise<string> {
  const reuse = store ? pageMarkupReuse(store) : null;
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <SameMarkupContext.Provider value={reuse}>{page}</SameMarkupContext.Provider>,
      {
        onAllReady() {
          const body = new FlushJoined();
          const stages = reuse
            ? [scriptsAfterFirstPaint(), keptMarkupStage(reuse)]
            : scriptsAfterFirstPaint();
          text(pipeThrough(body, stages, reject)).then(resolve, reject);
          pipe(body);
        },
        onShellError: reject,
      },
    );
  });
}

const cardRendered = vi.fn();
const renderings = () => cardRendered.mock.calls.length;
beforeEach(() => cardRendered.mockClear());

function Card({ name, price }: { name: string; price: string }) {
  cardRendered();
  return (
    <>
      <h3>
        <a href={`/products/${name}`}>{name}</a>
      </h3>
      <p>
        {price} <bdi>د.ك</bdi>
      </p>
      <div className="nested">
        <div>inner</div>
      </div>
    </>
  );
}

const page = (price: string) => (
  <main>
    {['سبحة يسر', 'amber & "gold"'].map((name) => (
      <SameMarkup key={name} as="article" markupKey={`card|${name}|${price}`} className="card">
        <Card name={name} price={price} />
      </SameMarkup>
    ))}
    <p>after</p>
  </main>
);

describe('SameMarkup', () => {
  it('renders a part once and writes the same HTML from then on, without rendering it again', async () => {
    const store = new MarkupStore(1024 * 1024);
    const plain = await render(page('12.500'), null);
    cardRendered.mockClear();
    const first = await render(page('12.500'), store);
    expect(renderings()).toBe(2);
    expect(store.size).toBe(2);
    const second = await render(page('12.500'), store);
    expect(renderings()).toBe(2);
    // Byte for byte what the components render (the browser hydrates them against it), and the
    // capture attribute never reaches the page.
    expect(first).toBe(plain);
    expect(second).toBe(plain);
    expect(plain).not.toContain('data-same-markup');
    expect(plain).toContain('amber &amp; &quot;gold&quot;');
  });

  it('renders again when the key changes (a new price is a new key)', async () => {
    const store = new MarkupStore(1024 * 1024);
    await render(page('12.500'), store);
    cardRendered.mockClear();
    const changed = await render(page('9.000'), store);
    expect(renderings()).toBe(2);
    expect(changed).toContain('9.000');
    expect(changed).not.toContain('12.500');
  });

  it('renders as usual without reuse (a page for one person) or without a key', async () => {
    cardRendered.mockClear();
    await render(page('1.000'), null);
    await render(page('1.000'), null);
    expect(renderings()).toBe(4);
    const store = new MarkupStore(1024 * 1024);
    const unkeyed = (
      <SameMarkup as="div" markupKey={null}>
        <Card name="x" price="1" />
      </SameMarkup>
    );
    cardRendered.mockClear();
    await render(unkeyed, store);
    await render(unkeyed, store);
    expect(renderings()).toBe(2);
    expect(store.size).toBe(0);
  });

  it('does not keep markup with a part that streams (a Suspense boundary)', async () => {
    const store = new MarkupStore(1024 * 1024);
    const html = await render(
      <SameMarkup as="section" markupKey="streams">
        <Suspense fallback={<p>…</p>}>
          <p>now</p>
        </Suspense>
      </SameMarkup>,
      store,
    );
    expect(html).toContain('<section><!--$--><p>now</p><!--/$--></section>');
    expect(store.size).toBe(0);
  });
});

describe('nested kept parts', () => {
  const grid = (price: string) => (
    <SameMarkup as="section" markupKey={`grid|${price}`}>
      {page(price)}
    </SameMarkup>
  );

  it('keeps an outer part whole when the parts within it were written from what was kept', async () => {
    const store = new MarkupStore(1024 * 1024);
    const plain = await render(grid('3.000'), null);
    // The cards are kept first, then the grid around them, captured with the cards written in.
    await render(page('3.000'), store);
    cardRendered.mockClear();
    expect(await render(grid('3.000'), store)).toBe(plain);
    expect(renderings()).toBe(0);
    expect(await render(grid('3.000'), store)).toBe(plain);
    expect(store.get('grid|3.000')?.toString()).toContain('<h3><a href="/products/سبحة يسر">');
  });
});

describe('takeCaptures', () => {
  const capture = (key: string) => {
    const reuse = pageMarkupReuse(new MarkupStore(1024 * 1024));
    return { reuse, token: reuse.capture(key) };
  };

  it('takes the attribute out and keeps the inner HTML up to the matching end tag', () => {
    const { reuse, token } = capture('k');
    const piece = Buffer.from(
      `<div>a</div><div class="c" data-same-markup="${token}"><div>in<divider></divider></div>عربي</div><div>b</div>`,
    );
    expect(takeCaptures(piece, reuse).toString()).toBe(
      '<div>a</div><div class="c"><div>in<divider></divider></div>عربي</div><div>b</div>',
    );
    expect(reuse.store.get('k')?.toString()).toBe('<div>in<divider></divider></div>عربي');
  });

  it('takes the attribute out but keeps nothing when the element does not end in the piece', () => {
    const { reuse, token } = capture('k');
    const piece = Buffer.from(`<nav data-same-markup="${token}" id="n"><ul><li>x</li>`);
    expect(takeCaptures(piece, reuse).toString()).toBe('<nav id="n"><ul><li>x</li>');
    expect(reuse.store.size).toBe(0);
  });

  it('passes a piece without captures through as it is', () => {
    const { reuse } = capture('k');
    const piece = Buffer.from('<p>plain</p>');
    expect(takeCaptures(piece, reuse)).toBe(piece);
  });
});

describe('MarkupStore', () => {
  it('lets the least recently used markup go first when it is full', () => {
    // Each entry is its key (two bytes a character) and its HTML's bytes: 2 + 98 = 100 bytes;
    // sixteen fill the store.
    const store = new MarkupStore(1600);
    const html = Buffer.from('x'.repeat(98));
    const keys = 'abcdefghijklmnop'.split('');
    for (const key of keys) store.set(key, html);
    expect(store.size).toBe(16);
    expect(store.get('a')).toBeDefined();
    store.set('q', html);
    expect(store.size).toBe(16);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('q')).toBeDefined();
  });

  it('does not keep a piece larger than a sixteenth of its room', () => {
    const store = new MarkupStore(1600);
    store.set('big', Buffer.from('x'.repeat(100)));
    expect(store.size).toBe(0);
  });
});

describe('writeFills', () => {
  it('writes the kept HTML into each marked element and takes the mark out', () => {
    const store = new MarkupStore(1024 * 1024);
    store.set('card', Buffer.from('<h3>سبحة</h3>'));
    store.set('menu', Buffer.from('<li>x</li>'));
    const reuse = pageMarkupReuse(store);
    const card = reuse.fill('card')!;
    const menu = reuse.fill('menu')!;
    expect(reuse.fill('missing')).toBeUndefined();
    const piece = Buffer.from(
      `<main><article class="c" data-same-markup-fill="${card}"></article>` +
        `<ul data-same-markup-fill="${menu}" id="m"></ul><p>عربي</p></main>`,
    );
    expect(writeFills(piece, reuse).toString()).toBe(
      '<main><article class="c"><h3>سبحة</h3></article><ul id="m"><li>x</li></ul><p>عربي</p></main>',
    );
  });

  it('passes a piece without fills through as it is', () => {
    const reuse = pageMarkupReuse(new MarkupStore(1024));
    const piece = Buffer.from('<p>plain</p>');
    expect(writeFills(piece, reuse)).toBe(piece);
  });
});

describe('sharedValueId', () => {
  it('names a frozen value the same each time, another value otherwise, and nothing not frozen', () => {
    const settings = Object.freeze({ email: 'shop@example.com' });
    const id = sharedValueId(settings);
    expect(id).toMatch(/^#\d+$/);
    expect(sharedValueId(settings)).toBe(id);
    expect(sharedValueId(Object.freeze({ email: 'shop@example.com' }))).not.toBe(id);
    expect(sharedValueId({ email: 'shop@example.com' })).toBeNull();
  });
});
