import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BeadsIcon, CartIcon, HeartIcon } from './icons';

describe('icons', () => {
  it('draw with a class, not with presentation attributes on every icon', () => {
    const html = renderToStaticMarkup(<CartIcon className="size-6" />);
    expect(html).toMatch(
      /^<svg viewBox="0 0 24 24" aria-hidden="true" class="icon-stroke size-6">/,
    );
    expect(html).not.toMatch(/<svg[^>]*(fill|stroke|stroke-width|focusable)=/);
  });

  it('keep a fill or a width of their own in the style, which the class cannot override', () => {
    expect(renderToStaticMarkup(<HeartIcon filled />)).toContain('style="fill:currentColor"');
    expect(renderToStaticMarkup(<HeartIcon />)).toContain('style="fill:none"');
    expect(renderToStaticMarkup(<BeadsIcon strokeWidth={1.2} />)).toContain(
      'style="stroke-width:1.2"',
    );
  });
});
