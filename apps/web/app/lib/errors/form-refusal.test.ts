import { describe, expect, it } from 'vitest';
import { serverFieldErrors, type FieldErrors } from '../../components/ui/use-field-form';
import { ApiError } from '../api';
import { applyRefusal } from './form-refusal';

type Field = 'name' | 'email';

/** A form of two fields that records what it shows on them, as useFieldForm does. */
function twoFieldForm() {
  const shown: { fields: FieldErrors<Field> | null } = { fields: null };
  return {
    shown,
    showServerErrors(error: unknown) {
      const split = serverFieldErrors<Field>(error, ['name', 'email']);
      if (!split) return null;
      shown.fields = split.onFields;
      return split.elsewhere;
    },
  };
}

const keepSession = () => false;
const texts = { fallback: 'Save failed', notSent: "Couldn't send — you're offline." };

describe('applyRefusal', () => {
  it('puts a field refusal on its field and returns the details that belong to no field', () => {
    const form = twoFieldForm();
    const refusal = applyRefusal(
      new ApiError(400, 'VALIDATION_ERROR', 'Check the form', [
        { field: 'email', message: 'This email is taken' },
        { field: 'email', message: 'second message, not shown' },
        { field: 'role', message: 'Unknown role' },
      ]),
      form,
      { endSession: keepSession, texts },
    );
    expect(form.shown.fields).toEqual({ email: 'This email is taken' });
    expect(refusal).toEqual({ sessionEnded: false, elsewhere: ['Unknown role'], text: 'Check the form' });
  });

  it('without details, touches no field and gives the text (server message, offline or fallback)', () => {
    const form = twoFieldForm();
    expect(applyRefusal(new ApiError(409, 'CONFLICT', 'Name in use'), form, { endSession: keepSession, texts })).toEqual({
      sessionEnded: false,
      elsewhere: null,
      text: 'Name in use',
    });
    expect(applyRefusal(new TypeError('Failed to fetch'), form, { endSession: keepSession, texts })).toMatchObject({ text: texts.notSent });
    expect(applyRefusal(new Error('boom'), form, { endSession: keepSession, texts })).toMatchObject({ text: 'Save failed' });
    expect(form.shown.fields).toBeNull();
  });

  it('ends an expired session and shows nothing on the form', () => {
    const form = twoFieldForm();
    const ended: unknown[] = [];
    const expired = new ApiError(401, 'TOKEN_EXPIRED', 'Token expired', [{ field: 'name', message: 'x' }]);
    const refusal = applyRefusal(expired, form, {
      endSession: (error) => {
        ended.push(error);
        return true;
      },
      texts,
    });
    expect(refusal).toEqual({ sessionEnded: true });
    expect(ended).toEqual([expired]);
    expect(form.shown.fields).toBeNull();
  });
});
