import type { FocusEvent, KeyboardEvent } from 'react';

/**
 * The keyboard and focus rules of an inline edit (Enter submits and
 * Escape cancels a rename). Enter submits through the form itself; this adds:
 * - Escape cancels the edit (and is not passed on, so no dialog or page handler sees it);
 * - leaving the form (focus moves outside it) closes an edit that changed nothing, and keeps an
 *   edit with typed changes open so they are never lost by a stray click.
 */
export function inlineEditHandlers({ changed, busy, onCancel }: { changed: boolean; busy: boolean; onCancel: (restoreFocus: boolean) => void }) {
  return {
    onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
      if (event.key !== 'Escape' || busy) return;
      event.preventDefault();
      event.stopPropagation();
      onCancel(true);
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const next = event.relatedTarget;
      if (next instanceof Node && event.currentTarget.contains(next)) return;
      if (!changed && !busy) onCancel(false);
    },
  };
}
