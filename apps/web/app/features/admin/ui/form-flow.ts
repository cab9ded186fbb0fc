import { useConfirm } from './confirm-dialog';

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
