import { useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { useAuthFailure } from './admin-api';
import { useConfirm } from './confirm-dialog';
import { serverReason } from './states';

/** The question asked before unsaved changes are thrown away, in the form's own words. */
export interface DiscardQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
}

/**
 * Leaving a form shown over or in place of a list (a modal's close or cancel, an edit mode's
 * cancel): nothing while it saves; with unsaved changes only once the admin chose to discard
 * them; otherwise at once.
 */
export function useLeaveForm({
  dirty,
  saving,
  question,
  leave,
}: {
  dirty: boolean;
  saving: boolean;
  question: DiscardQuestion;
  leave: () => void;
}): () => Promise<void> {
  const confirm = useConfirm();
  return async () => {
    if (saving) return;
    if (dirty) {
      const discard = await confirm({ ...question, tone: 'default' });
      if (!discard) return;
    }
    leave();
  };
}

/**
 * The red box of a form that saves in one go, and what a refused save does: an expired session
 * ends the shop's way; otherwise the refusal's field details go on their fields (the form's
 * showServerErrors) and the rest in the box, or, without details, the server's reason (else
 * `fallback`) in the box; the reason is also a toast.
 */
export function useFormRefusal(
  form: { showServerErrors: (error: unknown) => string[] | null },
  fallback: string,
) {
  const toast = useToast();
  const authFailure = useAuthFailure();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  return {
    /** The messages of the red box above the form. */
    formErrors,
    /** Empties the box (a new attempt). */
    clearFormErrors: () => setFormErrors([]),
    /** Shows why a save failed. */
    showRefusal: (error: unknown) => {
      if (authFailure(error)) return;
      const elsewhere = form.showServerErrors(error);
      const message = serverReason(error) ?? fallback;
      setFormErrors(elsewhere ?? [message]);
      toast.error(message);
    },
  };
}
