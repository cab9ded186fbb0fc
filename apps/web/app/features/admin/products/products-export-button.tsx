import { kuwaitDateOf, productsExportFileName } from '@shop/shared';
import { useI18n } from '../../../i18n/i18n';
import { DownloadButton } from '../ui/download-button';
import { downloadProductsCsv } from './products-api';

/**
 * The products export: every product, drafts included, fetched with the admin's session and
 * saved as products-YYYY-MM-DD.csv (the Kuwait day, as the server names it); a toast either way.
 */
export function ProductsExportButton() {
  const { t } = useI18n();
  return (
    <DownloadButton
      download={downloadProductsCsv}
      name={() => productsExportFileName(kuwaitDateOf(new Date()))}
      texts={{
        button: t('admin-products.export.button'),
        working: t('admin-products.export.working'),
        success: t('admin-products.export.success'),
        failed: t('admin-products.export.failed'),
      }}
    />
  );
}
