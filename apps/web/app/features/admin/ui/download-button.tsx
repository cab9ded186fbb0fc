import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { failureText, useSessionFailure } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';

/** A download's words: the button, while it works, and the toasts of success and failure. */
export interface DownloadTexts {
  button: string;
  working: string;
  success: string;
  failed: string;
}

/**
 * A back-office file download (an export, a report as CSV): fetched with the session's token,
 * saved under `name`, a toast either way; a dead session goes to the sign-in page instead.
 */
export function DownloadButton({
  download,
  name,
  texts,
  disabled = false,
}: {
  download: () => Promise<Blob>;
  name: () => string;
  texts: DownloadTexts;
  disabled?: boolean;
}) {
  const toast = useToast();
  const authFailure = useSessionFailure();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      saveFile(await download(), name());
      toast.success(texts.success);
    } catch (error) {
      if (!authFailure(error)) toast.error(failureText(texts.failed, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void run()} pending={busy} disabled={disabled}>
      {busy ? texts.working : texts.button}
    </Button>
  );
}
