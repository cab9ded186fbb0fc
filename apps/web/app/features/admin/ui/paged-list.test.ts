import { describe, expect, it } from 'vitest';
import { nextPage, pagedListView } from './paged-list';

describe('nextPage', () => {
  it('is the page after the last one loaded, none after the last page or for an empty list', () => {
    expect(nextPage({ page: 1, pages: 3 })).toBe(2);
    expect(nextPage({ page: 3, pages: 3 })).toBeUndefined();
    expect(nextPage({ page: 1, pages: 0 })).toBeUndefined();
  });
});

describe('pagedListView', () => {
  const state = (values: Partial<{ isPending: boolean; isError: boolean; isPlaceholderData: boolean }> = {}) => ({
    isPending: false,
    isError: false,
    isPlaceholderData: false,
    ...values,
  });

  it('loads at first, then shows rows or the empty state', () => {
    expect(pagedListView(state({ isPending: true }), 0)).toBe('loading');
    expect(pagedListView(state(), 3)).toBe('rows');
    expect(pagedListView(state(), 0)).toBe('empty');
  });

  it('keeps loading while new filters replace an empty list, never claiming "no match" too early', () => {
    expect(pagedListView(state({ isPlaceholderData: true }), 0)).toBe('loading');
    expect(pagedListView(state({ isPlaceholderData: true }), 3)).toBe('rows');
  });

  it('shows the error when nothing is shown or the shown rows belong to the old filters', () => {
    expect(pagedListView(state({ isError: true }), 0)).toBe('error');
    expect(pagedListView(state({ isError: true, isPlaceholderData: true }), 3)).toBe('error');
    // A failed "load more" keeps the rows already shown (the footer offers a retry).
    expect(pagedListView(state({ isError: true }), 3)).toBe('rows');
  });
});
