import { describe, expect, it } from 'vitest';
import {
  emptySynonymForm,
  filterSynonyms,
  isSynonymFormDirty,
  synonymBody,
  synonymFormFrom,
  synonymFormProblems,
} from './synonym-rules';

const valid = { term: 'Amber', targets: 'كهرمان، كهرمان بلطيقي' };

describe('synonymFormProblems', () => {
  it('accepts a word with its targets', () => {
    expect(synonymFormProblems(valid)).toEqual({});
    expect(synonymFormProblems({ term: 'prayer beads', targets: 'سبحة\nمسبحة' })).toEqual({});
  });

  it('names the field and the problem', () => {
    expect(synonymFormProblems(emptySynonymForm)).toEqual({
      term: 'admin-search.validation.term_required',
      targets: 'admin-search.validation.targets_required',
    });
    expect(synonymFormProblems({ ...valid, term: 'x'.repeat(61) })).toEqual({ term: 'admin-search.validation.term_too_long' });
    expect(synonymFormProblems({ ...valid, term: 'ـــ' })).toEqual({ term: 'admin-search.validation.term_invalid' });
    expect(synonymFormProblems({ ...valid, term: 'a b c d e' })).toEqual({ term: 'admin-search.validation.term_too_many_words' });
    expect(synonymFormProblems({ ...valid, targets: ' ، , ' })).toEqual({ targets: 'admin-search.validation.targets_required' });
    expect(synonymFormProblems({ ...valid, targets: Array.from({ length: 11 }, (_, i) => `w${i}`).join(',') })).toEqual({
      targets: 'admin-search.validation.targets_too_many',
    });
    expect(synonymFormProblems({ ...valid, targets: 'ـ, كهرمان' })).toEqual({ targets: 'admin-search.validation.target_invalid' });
    expect(synonymFormProblems({ ...valid, targets: 'س'.repeat(61) })).toEqual({ targets: 'admin-search.validation.target_too_long' });
    expect(synonymFormProblems({ term: 'المسباح', targets: 'سبحة, مسباح' })).toEqual({ targets: 'admin-search.validation.target_is_term' });
  });
});

describe('synonymBody and the stored form', () => {
  it('sends the term trimmed and each target once', () => {
    expect(synonymBody({ term: '  Amber ', targets: 'كهرمان،  الكهرمان ,كهرمان بلطيقي\n' })).toEqual({
      term: 'Amber',
      targets: ['كهرمان', 'كهرمان بلطيقي'],
    });
  });

  it('shows a stored synonym one target per line, and knows when it changed', () => {
    const stored = synonymFormFrom({ term: 'amber', targets: ['كهرمان', 'كهرمان بلطيقي'] });
    expect(stored).toEqual({ term: 'amber', targets: 'كهرمان\nكهرمان بلطيقي' });
    expect(isSynonymFormDirty({ term: ' amber ', targets: 'كهرمان, كهرمان بلطيقي' }, stored)).toBe(false);
    expect(isSynonymFormDirty({ ...stored, targets: 'كهرمان' }, stored)).toBe(true);
    expect(isSynonymFormDirty({ ...stored, term: 'ambers' }, stored)).toBe(true);
  });
});

describe('filterSynonyms', () => {
  const rows = [
    { id: 1, term: 'amber', targets: ['كهرمان'] },
    { id: 2, term: 'sebha', targets: ['سبحة', 'مسبحة'] },
  ];
  it('finds a row by its term or a target, in any spelling', () => {
    expect(filterSynonyms(rows, '')).toEqual(rows);
    expect(filterSynonyms(rows, 'AMB').map((row) => row.id)).toEqual([1]);
    expect(filterSynonyms(rows, 'السبحه').map((row) => row.id)).toEqual([2]);
    expect(filterSynonyms(rows, 'zzz')).toEqual([]);
  });
});
