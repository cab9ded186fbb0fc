import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  firstInvalidField,
  problemMessages,
  serverFieldErrors,
  serverFieldMessage,
  splitFieldDetails,
  withError,
  withoutError,
} from './use-field-form';

const fields = ['name', 'email', 'password'] as const;

describe('firstInvalidField', () => {
  it('follows the form order, not the order the messages came in', () => {
    expect(firstInvalidField(fields, { password: 'too short', email: 'invalid' })).toBe('email');
    expect(firstInvalidField(fields, { password: 'too short' })).toBe('password');
  });

  it('is null when no field has a message', () => {
    expect(firstInvalidField(fields, {})).toBeNull();
    expect(firstInvalidField(fields, { name: undefined, email: '' })).toBeNull();
  });

  it('ignores messages for fields the form does not list', () => {
    expect(firstInvalidField<'name' | 'email'>(['email'], { name: 'missing' })).toBeNull();
  });
});

describe('withoutError', () => {
  it("drops only the changed field's message", () => {
    expect(withoutError<'name' | 'email'>({ name: 'missing', email: 'invalid' }, 'email')).toEqual({
      name: 'missing',
    });
  });

  it('keeps the same object when the field had no message (no needless render)', () => {
    const errors = { name: 'missing' };
    expect(withoutError<'name' | 'email'>(errors, 'email')).toBe(errors);
  });
});

describe('withError', () => {
  it("sets one field's message and keeps the others", () => {
    expect(withError<'name' | 'email'>({ name: 'missing' }, 'email', 'too many images')).toEqual({
      name: 'missing',
      email: 'too many images',
    });
  });

  it("drops the field's message when there is none, and keeps the same object when it had none", () => {
    expect(withError<'name' | 'email'>({ name: 'missing', email: 'x' }, 'email', undefined)).toEqual({ name: 'missing' });
    const errors = { name: 'missing' };
    expect(withError<'name' | 'email'>(errors, 'email', '')).toBe(errors);
  });
});

describe('problemMessages', () => {
  it('describes each problem and leaves fine fields out', () => {
    const messages = problemMessages(
      fields,
      { password: { key: 'short', min: 6 }, name: { key: 'required', min: 0 } },
      (problem) => `${problem.key}:${problem.min}`,
    );
    expect(messages).toEqual({ name: 'required:0', password: 'short:6' });
    expect(Object.keys(messages)).toEqual(['name', 'password']);
  });

  it('is empty when the pre-check found nothing', () => {
    expect(problemMessages(fields, {}, String)).toEqual({});
  });
});

describe('server field details', () => {
  const outOfStock = { field: 'items', message: 'out of stock' };
  const details = [
    { field: 'email', message: 'taken' },
    { field: 'email', message: 'second' },
    { field: 'token', message: 'bad token' },
    outOfStock,
  ];

  it('puts the first message per known field on it and keeps the others for a notice', () => {
    const { onFields, elsewhere } = splitFieldDetails(details, fields);
    expect(onFields).toEqual({ email: 'taken' });
    expect(elsewhere).toEqual(['bad token', 'out of stock']);
  });

  it('reads the details of any API failure that carries them', () => {
    expect(
      serverFieldErrors(new ApiError(400, 'VALIDATION_ERROR', 'Invalid', details), fields),
    ).toEqual({
      onFields: { email: 'taken' },
      elsewhere: ['bad token', 'out of stock'],
    });
    expect(
      serverFieldErrors(new ApiError(409, 'OUT_OF_STOCK', 'Sold out', [outOfStock]), fields),
    ).toEqual({
      onFields: {},
      elsewhere: ['out of stock'],
    });
  });

  it('is null for failures without details, so the screen shows its own message', () => {
    expect(serverFieldErrors(new ApiError(409, 'USER_EXISTS', 'Taken'), fields)).toBeNull();
    expect(
      serverFieldErrors(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), fields),
    ).toBeNull();
    expect(serverFieldErrors(new Error('boom'), fields)).toBeNull();
  });

  it("finds the server's first message about one field", () => {
    const failure = new ApiError(400, 'VALIDATION_ERROR', 'Invalid', details);
    expect(serverFieldMessage(failure, 'email')).toBe('taken');
    expect(serverFieldMessage(failure, 'password')).toBeUndefined();
    expect(serverFieldMessage(new Error('boom'), 'email')).toBeUndefined();
  });
});
