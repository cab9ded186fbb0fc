import { useEffect, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { useConfirm } from './confirm-dialog';

/** The query string without some parameters, sorted, to compare two addresses of one screen. */
function searchWithout(search: string, ignored: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of ignored) params.delete(name);
  params.sort();
  return params.toString();
}

/**
 * Warns before a dirty form is left: a closing tab or reload gets the browser's own prompt; a
 * navigation inside the shop asks in the back office's dialog. Pass false once saved.
 * `screenParams` are query parameters the screen itself changes beside the form (a list's
 * search kept in the URL): changing only those does not leave the form.
 */
export function useUnsavedChanges(dirty: boolean, screenParams: readonly string[] = []): void {
  const { t } = useI18n();
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        searchWithout(currentLocation.search, screenParams) !== searchWithout(nextLocation.search, screenParams)),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({
      title: t('admin.unsaved.title'),
      message: t('admin.unsaved.message'),
      confirmLabel: t('admin.unsaved.leave'),
      cancelLabel: t('admin.unsaved.stay'),
    }).then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker, confirm, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

/**
 * A form screen's guard and its way out after a save: while `changed` and not saved, leaving asks
 * first (useUnsavedChanges); `markSaved()` ends the guard, then the screen goes to `exitTo` once
 * the guard has seen that nothing is unsaved any more. `saved` stays true from then on.
 */
export function useLeaveAfterSave(changed: boolean, exitTo: string) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(!saved && changed);
  useEffect(() => {
    if (saved) void navigate(exitTo);
  }, [saved, navigate, exitTo]);
  return { saved, markSaved: () => setSaved(true) };
}
