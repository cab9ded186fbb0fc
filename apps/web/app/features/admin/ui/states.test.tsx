import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NoMatchPanel } from './states';

describe('NoMatchPanel', () => {
  it('says what was searched for and offers to clear the search', () => {
    const html = renderToStaticMarkup(
      <NoMatchPanel title="لا منتجات تطابق «كهرمان»" text="جرّب كلمة أخرى" clearLabel="مسح البحث" onClear={() => undefined} />,
    );
    expect(html).toContain('لا منتجات تطابق «كهرمان»');
    expect(html).toContain('جرّب كلمة أخرى');
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>[^<]*مسح البحث/);
  });
});
