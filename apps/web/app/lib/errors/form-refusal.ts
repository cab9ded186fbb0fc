import { useState } from 'react';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { errorText, type Audience, type ErrorTexts } from './error-text';
import { useSessionFailure } from './use-session-failure';

/** A form that puts a failure's field details on its fields (useFieldForm's showServerErrors). */
export interface RefusableForm {
  /** Shows the details on the fields; the messages for no field, or null when there were no details. */
  showServerErrors(error: unknown): string[] | null;
}

/** What a refused submission leaves the screen to say. */
export type Refusal =
  /** The session was invalid and has ended: nothing more to show. */
  | { sessionEnded: true }
  /**
   * `elsewhere`: the refusal's field details that belong to no field (null when it carried none);
   * `text`: the failure's text (the server's message, else the fallback).
   */
  | { sessionEnded: false; elsewhere: string[] | null; text: string };

/**
 * The one rule for a refused form submission: an expired session ends the shop's way; otherwise
 * the refusal's field details land on their fields, and the screen gets the rest and the text.
 */
export function applyRefusal(
  error: unknown,
  form: RefusableForm,
  { endSession, texts }: { endSession: (error: unknown) => boolean; texts: ErrorTexts },
): Refusal {
  if (endSession(error)) return { sessionEnded: true };
  const elsewhere = form.showServerErrors(error);
  return { sessionEnded: false, elsewhere, text: errorText(error, texts) };
}

/** applyRefusal with the shop's session and the page's language: `refuse(error, t('profile.password.failed'))`. */
export function useRefusal(form: RefusableForm, audience: Audience = 'shopper'): (error: unknown, fallback: string) => Refusal {
  const { t } = useI18n();
  const endSession = useSessionFailure();
  return (error: unknown, fallback: string) =>
    applyRefusal(error, form, {
      endSession,
      texts: audience === 'shopper' ? { fallback, notSent: t('common.offline.not_sent') } : { fallback, audience },
    });
}

/**
 * The red box of a back-office form that saves in one go, and what a refused save does: an expired
 * session ends the shop's way; otherwise the refusal's field details go on their fields and the
 * rest in the box, or, without details, the server's reason (else `fallback`) in the box; the
 * reason is also a toast.
 */
export function useFormRefusal(form: RefusableForm, fallback: string) {
  const toast = useToast();
  const refuse = useRefusal(form, 'staff');
  const [formErrors, setFormErrors] = useState<string[]>([]);
  return {
    /** The messages of the red box above the form. */
    formErrors,
    /** Empties the box (a new attempt). */
    clearFormErrors: () => setFormErrors([]),
    /** Shows why a save failed. */
    showRefusal: (error: unknown) => {
      const refusal = refuse(error, fallback);
      if (refusal.sessionEnded) return;
      setFormErrors(refusal.elsewhere ?? [refusal.text]);
      toast.error(refusal.text);
    },
  };
}
