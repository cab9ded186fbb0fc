import { describe, expect, it } from 'vitest';
import { synonymKey, synonymWords as matchWords } from '@shop/shared';
import { buildSynonymIndex, CommonWords, expandSearch } from './search-terms.js';

const synonyms = buildSynonymIndex([
  { term: 'amber', targets: ['كهرمان'] },
  { term: 'Kahraman', targets: ['كهرمان'] },
  { term: 'sebha', targets: ['سبحة', 'مسبحة'] },
  { term: 'prayer beads', targets: ['سبحة'] },
  { term: 'baltic amber', targets: ['كهرمان بلطيقي'] },
  { term: 'المسباح', targets: ['السبحة'] },
  { term: '   ', targets: ['سبحة'] },
  { term: 'yusr', targets: ['يُسر', '   '] },
]);

describe('matchWords and synonymKey', () => {
  it('normalise and take the article from every word', () => {
    expect(matchWords(' السبحة  Baltic  بالكهرمان ')).toEqual(['سبحه', 'baltic', 'كهرمان']);
    expect(synonymKey('  Prayer   BEADS ')).toBe('prayer beads');
    expect(synonymKey('المِسباح')).toBe('مسباح');
    expect(synonymKey('ـــ')).toBe('');
  });
});

describe('buildSynonymIndex', () => {
  it('keys terms by their match words and skips empty terms and targets', () => {
    expect([...synonyms.byKey.keys()].sort()).toEqual(
      ['amber', 'baltic amber', 'kahraman', 'prayer beads', 'sebha', 'مسباح', 'yusr'].sort(),
    );
    expect(synonyms.byKey.get('yusr')).toEqual([['يسر']]);
    expect(synonyms.byKey.get('baltic amber')).toEqual([['كهرمان', 'بلطيقي']]);
    expect(synonyms.longest).toBe(2);
  });

  it('pools the targets of two entries with the same key', () => {
    const index = buildSynonymIndex([
      { term: 'Tasbih', targets: ['سبحة'] },
      { term: 'tasbih', targets: ['مسبحة'] },
    ]);
    expect(index.byKey.get('tasbih')).toEqual([['سبحه'], ['مسبحه']]);
  });
});

describe('expandSearch', () => {
  it('is undefined without words', () => {
    expect(expandSearch(undefined, synonyms)).toBeUndefined();
    expect(expandSearch('   ', synonyms)).toBeUndefined();
    expect(expandSearch('ًٌ', synonyms)).toBeUndefined();
  });

  it('searches a word without a synonym as typed, without its article', () => {
    expect(expandSearch('السبحة', synonyms)).toEqual({
      normalized: 'سبحه',
      terms: [{ alternatives: [['سبحه']] }],
    });
  });

  it('lets an English or transliterated word stand for its Arabic targets', () => {
    expect(expandSearch('AMBER', synonyms)?.terms).toEqual([
      { alternatives: [['amber'], ['كهرمان']] },
    ]);
    expect(expandSearch('Sebha', synonyms)?.terms).toEqual([
      { alternatives: [['sebha'], ['سبحه'], ['مسبحه']] },
    ]);
  });

  it('matches an Arabic synonym term with or without the article', () => {
    expect(expandSearch('مسباح', synonyms)?.terms).toEqual([
      { alternatives: [['مسباح'], ['سبحه']] },
    ]);
    expect(expandSearch('بالمسباح', synonyms)?.terms).toEqual([
      { alternatives: [['مسباح'], ['سبحه']] },
    ]);
  });

  it('prefers the longest phrase, then goes on after it', () => {
    expect(expandSearch('Baltic amber yusr', synonyms)?.terms).toEqual([
      { alternatives: [['baltic', 'amber'], ['كهرمان', 'بلطيقي']] },
      { alternatives: [['yusr'], ['يسر']] },
    ]);
    expect(expandSearch('amber prayer beads', synonyms)?.terms).toEqual([
      { alternatives: [['amber'], ['كهرمان']] },
      { alternatives: [['prayer', 'beads'], ['سبحه']] },
    ]);
  });

  it('keeps words that only begin a phrase as words of their own', () => {
    expect(expandSearch('baltic silver', synonyms)?.terms).toEqual([
      { alternatives: [['baltic']] },
      { alternatives: [['silver']] },
    ]);
  });

  it('searches a repeated word or synonym once', () => {
    expect(expandSearch('amber Amber كهرمان', synonyms)?.terms).toEqual([
      { alternatives: [['amber'], ['كهرمان']] },
      { alternatives: [['كهرمان']] },
    ]);
    expect(expandSearch('amber kahraman', synonyms)?.terms).toEqual([
      { alternatives: [['amber'], ['كهرمان']] },
      { alternatives: [['kahraman'], ['كهرمان']] },
    ]);
  });

  it('works without synonyms', () => {
    expect(expandSearch('سبحة كهرمان')?.terms).toEqual([
      { alternatives: [['سبحه']] },
      { alternatives: [['كهرمان']] },
    ]);
  });
});

describe('CommonWords', () => {
  const common = new CommonWords(['سبحة', 'beads', 'كهرمان']);

  it('counts a word as common when it is inside a common word of the catalogue', () => {
    expect(common.has('سبحة')).toBe(true);
    expect(common.has('بحة')).toBe(true);
    expect(common.has('bead')).toBe(true);
    expect(common.has('كهرمان')).toBe(true);
  });

  it('leaves rare words, and words too short for the word index, uncommon', () => {
    expect(common.has('فيروز')).toBe(false);
    expect(common.has('beadss')).toBe(false);
    expect(common.has('ea')).toBe(false);
    expect(new CommonWords([]).has('سبحة')).toBe(false);
  });
});
