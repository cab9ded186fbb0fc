import { describe, expect, it } from 'vitest';
import { isUniqueViolation, splitFullName } from './usernames.js';

describe('splitFullName', () => {
  it('takes the first word as the first name and the rest as the last name', () => {
    expect(splitFullName('فاطمة علي الصباح')).toEqual({ first_name: 'فاطمة', last_name: 'علي الصباح' });
    expect(splitFullName('  Omar   Khaled ')).toEqual({ first_name: 'Omar', last_name: 'Khaled' });
  });

  it('leaves the last name empty for a single word', () => {
    expect(splitFullName('Noura')).toEqual({ first_name: 'Noura', last_name: null });
  });
});

describe('isUniqueViolation', () => {
  it('finds the PostgreSQL code even when wrapped', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ message: 'x', cause: { code: '23505' } })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
  });
});
