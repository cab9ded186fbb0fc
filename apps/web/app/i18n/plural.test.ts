import { describe, expect, it } from 'vitest';
import { pluralForm } from './plural';

describe('pluralForm', () => {
  it('follows Arabic plural rules with a zero form', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100].map((count) => pluralForm('ar', count))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'few',
      'many',
      'many',
      'other',
    ]);
  });

  it('follows English plural rules with a zero form', () => {
    expect([0, 1, 2, 5].map((count) => pluralForm('en', count))).toEqual([
      'zero',
      'one',
      'other',
      'other',
    ]);
  });
});
