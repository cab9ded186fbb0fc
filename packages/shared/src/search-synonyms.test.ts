import { describe, expect, it } from 'vitest';
import { splitSynonymTargets, synonymKey, synonymWords } from './search-synonyms.js';

describe('synonymWords and synonymKey', () => {
  it('normalise, take the article from each word and keep the order', () => {
    expect(synonymWords('  Baltic  AMBER ')).toEqual(['baltic', 'amber']);
    expect(synonymWords('السبحة الكهرمان')).toEqual(['سبحه', 'كهرمان']);
    expect(synonymKey("Tiger's  Eye")).toBe("tiger's eye");
    expect(synonymKey('المِسباح')).toBe('مسباح');
    expect(synonymKey('  ـــ ')).toBe('');
  });
});

describe('splitSynonymTargets', () => {
  it('splits on Latin and Arabic commas, semicolons and new lines', () => {
    expect(splitSynonymTargets('سبحة، مسبحة,  كهرمان بلطيقي ;عقيق؛فيروز\nيسر')).toEqual([
      'سبحة',
      'مسبحة',
      'كهرمان بلطيقي',
      'عقيق',
      'فيروز',
      'يسر',
    ]);
  });

  it('drops blanks and targets that say the same as an earlier one', () => {
    expect(splitSynonymTargets(' ,، سبحة , السبحة, سبحه ,  ')).toEqual(['سبحة']);
    expect(splitSynonymTargets('')).toEqual([]);
  });
});
