import { describe, expect, it } from 'vitest';
import { nextPage } from './paged-list';

describe('nextPage', () => {
  it('is the page after the last one loaded, none after the last page or for an empty list', () => {
    expect(nextPage({ page: 1, pages: 3 })).toBe(2);
    expect(nextPage({ page: 3, pages: 3 })).toBeUndefined();
    expect(nextPage({ page: 1, pages: 0 })).toBeUndefined();
  });
});
