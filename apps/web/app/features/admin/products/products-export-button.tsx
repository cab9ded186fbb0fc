import { useState } from 'react';
import { kuwaitDateOf, productsExportFileName } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useI18n } from '../../../i18n/i18n';
import { failureText, useSessionFailure } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { downloadProductsCsv } from './products-api';

/**
 * The products export: every product, drafts included, fetched with the admin's session and
 * saved as products-YYYY-MM-DD.csv (the Kuwait day, as the server names it); a toast either way.
 */
export function ProductsExportButton() {
  const { t } = useI18n();
  const toast = useToast();
  const authFailure = useSessionFailure();
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      saveFile(await downloadProductsCsv(), productsExportFileName(kuwaitDateOf(new Date())));
      toast.success(t('admin-products.export.success'));
    } catch (error) {
      if (!authFailure(error)) toast.error(failureText(t('admin-products.export.failed'), error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void run()} pending={busy}>
      {busy ? t('admin-products.export.working') : t('admin-products.export.button')}
    </Button>
  );
}
