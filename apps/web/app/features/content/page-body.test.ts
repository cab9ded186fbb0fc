import { describe, expect, it } from 'vitest';
import { htmlWithStoreName, splitIntro, withStoreName } from './page-body';

describe('a page body made ready to show', () => {
  it('puts the store’s name in place of {store}, escaped in HTML', () => {
    expect(withStoreName('Welcome to {store}', 'Subha & Co')).toBe('Welcome to Subha & Co');
    expect(htmlWithStoreName('<p>{store} and {store}</p>', '<b>Subha</b> & "Co"')).toBe(
      '<p>&lt;b&gt;Subha&lt;/b&gt; &amp; &quot;Co&quot; and &lt;b&gt;Subha&lt;/b&gt; &amp; &quot;Co&quot;</p>',
    );
  });

  it('takes the opening paragraph apart as the introduction', () => {
    expect(splitIntro('<p>Intro <strong>here</strong></p>\n<h2>A</h2><p>b</p>')).toEqual({
      intro: 'Intro <strong>here</strong>',
      rest: '<h2>A</h2><p>b</p>',
    });
    expect(splitIntro('<h2>A</h2><p>b</p>')).toEqual({ intro: null, rest: '<h2>A</h2><p>b</p>' });
  });
});
