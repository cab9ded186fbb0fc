import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './script-priority.server';

async function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe('lowPriorityModulePreloads', () => {
  it('lowers the head’s module preloads, even when a tag is split across chunks', async () => {
    const html = await through([
      '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modul',
      'epreload" href="/f.js"/><link rel="modulepreload" href="/s.js"/></head>',
      '<body><p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/late.js"/></body></html>',
    ]);
    expect(html).toBe(
      '<html><head><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/f.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/s.js"/></head>' +
        // The body streams as React wrote it.
        '<body><p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/late.js"/></body></html>',
    );
  });

  it('passes a page without a head through unchanged', async () => {
    expect(await through(['<p>partial', ' page</p>'])).toBe('<p>partial page</p>');
  });
});
