import { useState } from 'react';
import type { ErrorDetail } from '@shop/shared';
import { ApiError } from '../../lib/api';

/**
 * The state every form of the shop keeps the same way: its values, one message per invalid
 * field, and the focus on the first invalid field (in the form's order) whenever errors are
 * shown. The rules live in the pure functions below; the hook only holds the state.
 */

/** One shown message per field; a field without a message is fine. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first field (in form order) that has a message, to move the focus there. */
export function firstInvalidField<Field extends string>(
  order: readonly Field[],
  errors: FieldErrors<Field>,
): Field | null {
  return order.find((field) => Boolean(errors[field])) ?? null;
}

/** The errors once the shopper has changed `field`: its message goes, the others stay. */
export function withoutError<Field extends string>(
  errors: FieldErrors<Field>,
  field: Field,
): FieldErrors<Field> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The errors with `field`'s message set (a check made as the value is picked), or dropped without one. */
export function withError<Field extends string>(
  errors: FieldErrors<Field>,
  field: Field,
  message: string | undefined,
): FieldErrors<Field> {
  return message ? { ...errors, [field]: message } : withoutError(errors, field);
}

/** A pre-check's problems (catalogue keys or key + params) as texts, in form order. */
export function problemMessages<Field extends string, Problem>(
  order: readonly Field[],
  problems: Partial<Record<Field, Problem>>,
  describe: (problem: Problem) => string,
): FieldErrors<Field> {
  const messages: FieldErrors<Field> = {};
  for (const field of order) {
    const problem = problems[field];
    if (problem !== undefined && problem !== null) messages[field] = describe(problem);
  }
  return messages;
}

/**
 * Splits the server's field details into messages for the form's own fields (the first one per
 * field) and the rest, which the screen shows together in a notice.
 */
export function splitFieldDetails<Field extends string>(
  details: readonly ErrorDetail[],
  fields: readonly Field[],
): { onFields: FieldErrors<Field>; elsewhere: string[] } {
  const onFields: FieldErrors<Field> = {};
  const elsewhere: string[] = [];
  for (const detail of details) {
    const field = fields.find((name) => name === detail.field);
    if (field) onFields[field] ??= detail.message;
    else elsewhere.push(detail.message);
  }
  return { onFields, elsewhere };
}

/** The field details of a failed request split over the form's fields; null when it carries none. */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { onFields: FieldErrors<Field>; elsewhere: string[] } | null {
  if (!(error instanceof ApiError) || error.details.length === 0) return null;
  return splitFieldDetails(error.details, fields);
}

/** The server's first message about one field, if the failure names it. */
export function serverFieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof ApiError
    ? error.details.find((detail) => detail.field === field)?.message
    : undefined;
}

/**
 * Form state over the fields `fields` names (their order is the focus order); `fieldId` gives
 * each field's element id, which its input carries.
 */
export function useFieldForm<Values extends object>(
  initial: Values | (() => Values),
  options: {
    fields: readonly (keyof Values & string)[];
    fieldId: (field: keyof Values & string) => string;
  },
) {
  type Field = keyof Values & string;
  const { fields, fieldId } = options;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function focus(field: Field) {
    document.getElementById(fieldId(field))?.focus();
  }

  /** Shows exactly these messages (none clears them) and focuses the first; true when any. */
  function showErrors(shown: FieldErrors<Field>): boolean {
    setErrors(shown);
    const first = firstInvalidField(fields, shown);
    if (first) focus(first);
    return first !== null;
  }

  /** Sets one value and clears that field's message. */
  function change<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError<Field>(current, field));
  }

  /** A change that also resets other values (a new country clears the city): clears `field`'s message. */
  function changeWith(field: Field, next: (current: Values) => Values) {
    setValues(next);
    setErrors((current) => withoutError(current, field));
  }

  /** Sets or clears one field's message, leaving the others and the focus where they are. */
  function setError(field: Field, message: string | undefined) {
    setErrors((current) => withError<Field>(current, field, message));
  }

  /** Shows a pre-check's problems as messages; true when there are none (the form may be sent). */
  function validate<Problem>(
    problems: Partial<Record<Field, Problem>>,
    describe: (problem: Problem) => string,
  ): boolean {
    return !showErrors(problemMessages(fields, problems, describe));
  }

  /**
   * Puts a failure's field details on the fields; returns the messages that belong to no field
   * (for the screen's notice), or null when the failure carries no details.
   */
  function showServerErrors(error: unknown): string[] | null {
    const split = serverFieldErrors(error, fields);
    if (!split) return null;
    showErrors(split.onFields);
    return split.elsewhere;
  }

  /** What a text field needs: its id, value, message and change handler. */
  function field<K extends Field>(name: K) {
    return {
      id: fieldId(name),
      value: values[name],
      error: errors[name],
      onChange: (value: Values[K]) => change(name, value),
    };
  }

  return {
    values,
    setValues,
    errors,
    change,
    changeWith,
    showErrors,
    setError,
    validate,
    showServerErrors,
    focus,
    field,
  };
}
