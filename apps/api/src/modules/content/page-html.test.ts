import { describe, expect, it } from 'vitest';
import { hasVisibleText, sanitizePageHtml } from './page-html.js';
import { DEFAULT_PAGES } from './page-defaults.js';

describe('sanitizePageHtml', () => {
  it('keeps the editor’s tags and a link’s address', () => {
    const html =
      '<h2>Returns</h2><h3>Window</h3><p>Within <strong>14</strong> <em>days</em><br>of delivery.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><p><a href="/track">Track</a></p>';
    expect(sanitizePageHtml(html)).toBe(
      '<h2>Returns</h2><h3>Window</h3><p>Within <strong>14</strong> <em>days</em><br />of delivery.</p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><p><a href="/track">Track</a></p>',
    );
  });

  it('removes scripts, styles, frames and svg with their content', () => {
    expect(sanitizePageHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe>')).toBe('<p>a</p>');
    expect(sanitizePageHtml('<p>b<svg onload="alert(1)"><circle r="1"/></svg></p>')).toBe('<p>b</p>');
  });

  it('removes event attributes, style and class, keeping the text', () => {
    expect(sanitizePageHtml('<p style="color:red" class="x" onclick="alert(1)">c</p><img src=x onerror="alert(1)">')).toBe('<p>c</p>');
  });

  it('turns a link to javascript:, data: or another host’s "//" into its text', () => {
    expect(sanitizePageHtml('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p>x</p>');
    expect(sanitizePageHtml('<p><a href=" JaVaScRiPt:alert(1)">x</a></p>')).toBe('<p>x</p>');
    expect(sanitizePageHtml('<p><a href="data:text/html,hi">x</a></p>')).toBe('<p>x</p>');
    expect(sanitizePageHtml('<p><a href="//evil.example">x</a></p>')).toBe('<p>x</p>');
    expect(sanitizePageHtml('<p><a href="/\\evil.example">x</a></p>')).toBe('<p>x</p>');
  });

  it('marks an external link noopener and keeps mailto:', () => {
    expect(sanitizePageHtml('<a href="https://wa.me/965" target="_blank">w</a>')).toBe(
      '<a href="https://wa.me/965" rel="noopener noreferrer">w</a>',
    );
    expect(sanitizePageHtml('<a href="mailto:shop@example.com">m</a>')).toBe('<a href="mailto:shop@example.com">m</a>');
  });

  it('writes what browsers’ editing produces as the kept tags', () => {
    expect(sanitizePageHtml('<div><b>x</b> <i>y</i></div><h1>T</h1><span>z</span>')).toBe('<p><strong>x</strong> <em>y</em></p><h2>T</h2>z');
  });

  it('drops empty paragraphs', () => {
    expect(sanitizePageHtml('<p>a</p><p><br></p><p>&nbsp;</p>')).toBe('<p>a</p>');
  });

  it('leaves the shop’s own pages as they are', () => {
    for (const page of Object.values(DEFAULT_PAGES)) {
      expect(sanitizePageHtml(page.body_ar)).toBe(page.body_ar);
      expect(sanitizePageHtml(page.body_en)).toBe(page.body_en);
    }
  });
});

describe('hasVisibleText', () => {
  it('is false for a body of tags or spaces only', () => {
    expect(hasVisibleText('')).toBe(false);
    expect(hasVisibleText('<p> &nbsp; </p><ul><li></li></ul>')).toBe(false);
    expect(hasVisibleText('<p>x</p>')).toBe(true);
  });
});
