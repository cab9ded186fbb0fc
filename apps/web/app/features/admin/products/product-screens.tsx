import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { AlertCircleIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../account/auth';
import { userCan } from '../shell/gate';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { PRODUCTS_LIST_PATH, ProductForm } from './product-form';
import { emptyProductForm, existingImageItems, productFormFrom, variationRowsFrom, type ProductFormSnapshot } from './product-form-rules';
import { productAttributesQuery, productQuery } from './products-api';
import { useDuplicateAction } from './duplicate-product';
import { StockHistoryPanel } from './stock-history';
import { CopyIcon } from '../ui/admin-icons';
import { useSessionFailureOf } from '../../../lib/errors';

function BackLink() {
  const { t } = useI18n();
  return (
    <ButtonLink variant="ghost" to={PRODUCTS_LIST_PATH}>
      {t('admin-products.form.back')}
    </ButtonLink>
  );
}

/** The edit screen's "Duplicate": copies the product as saved (not what the form holds unsaved). */
function DuplicateButton({ id }: { id: number }) {
  const { t } = useI18n();
  const duplicate = useDuplicateAction();
  const busy = duplicate.pendingId !== undefined;
  return (
    <Button variant="secondary" onClick={() => duplicate.run(id)} disabled={busy} aria-busy={busy}>
      <CopyIcon className="size-5" />
      {busy ? t('admin-products.duplicate.working') : t('admin-products.duplicate.button')}
    </Button>
  );
}

function PageTitle({ title }: { title: string }) {
  const { t } = useI18n();
  return <title>{`${title} | ${t('admin.meta.title')}`}</title>;
}

function useCanWrite(): boolean {
  const { user } = useAuth();
  return userCan(user, 'catalog.write');
}

/** /admin/products/new: an empty product form (only for those who may change the catalogue). */
export function NewProductScreen() {
  const { t } = useI18n();
  const canWrite = useCanWrite();
  const [initial] = useState<ProductFormSnapshot>(() => ({ form: emptyProductForm(), images: [], rows: [] }));
  return (
    <div>
      <PageTitle title={t('admin-products.form.new_title')} />
      <AdminPageHeader title={t('admin-products.form.new_title')} actions={<BackLink />} />
      <span id="product-form-title" hidden>
        {t('admin-products.form.new_title')}
      </span>
      {canWrite ? (
        <ProductForm productId={null} initial={initial} />
      ) : (
        <EmptyPanel icon={<AlertCircleIcon className="size-8" />} title={t('admin-products.form.denied')} action={<BackLink />} />
      )}
    </div>
  );
}

/**
 * /admin/products/edit/{id}: loads the product and its variation prices (a spinner meanwhile),
 * then the form with them. Not found, or failed with a retry, both with a way back. Without
 * catalog.write the product is shown read-only.
 */
export function EditProductScreen({ id }: { id: number | null }) {
  const { t } = useI18n();
  const canWrite = useCanWrite();
  const valid = id !== null;
  const product = useQuery({ ...productQuery(id ?? 0), enabled: valid });
  const attributes = useQuery({ ...productAttributesQuery(id ?? 0), enabled: valid });
  const error = product.error ?? attributes.error;
  useSessionFailureOf(error);

  // Fresh data only: a form must not start from a copy cached before someone else's change. Once
  // shown, the form stays (with what was typed) whatever a later refresh does.
  const fresh = Boolean(product.data && attributes.data && product.isFetchedAfterMount && attributes.isFetchedAfterMount && !error);
  const [ready, setReady] = useState(false);
  if (fresh && !ready) setReady(true);

  const title = t('admin-products.form.edit_title');
  let body;
  if (ready && product.data && attributes.data) {
    const initial: ProductFormSnapshot = {
      form: productFormFrom(product.data),
      images: existingImageItems(product.data.images),
      rows: variationRowsFrom(attributes.data),
    };
    body = (
      <>
        {canWrite ? null : <p className="mb-4 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">{t('admin-products.form.read_only')}</p>}
        <ProductForm key={product.data.id} productId={product.data.id} initial={initial} readOnly={!canWrite} />
        <StockHistoryPanel productId={product.data.id} />
      </>
    );
  } else if (!valid || (product.error instanceof ApiError && product.error.status === 404)) {
    body = (
      <EmptyPanel
        icon={<AlertCircleIcon className="size-8" />}
        title={t('admin-products.form.not_found_title')}
        text={t('admin-products.form.not_found_text')}
        action={<BackLink />}
      />
    );
  } else if (error) {
    body = (
      <div className="flex flex-col items-center">
        <ErrorPanel
          title={t('admin-products.form.load_error')}
          error={error}
          onRetry={() => {
            if (product.isError) void product.refetch();
            if (attributes.isError) void attributes.refetch();
          }}
        />
        <BackLink />
      </div>
    );
  } else {
    body = <LoadingPanel />;
  }

  return (
    <div>
      <PageTitle title={title} />
      <AdminPageHeader
        title={title}
        description={product.data ? `${product.data.name} · ${t('admin-products.form.edit_subtitle', { id: product.data.id })}` : undefined}
        actions={
          <>
            {canWrite && ready && product.data ? <DuplicateButton id={product.data.id} /> : null}
            <BackLink />
          </>
        }
      />
      <span id="product-form-title" hidden>
        {title}
      </span>
      {body}
    </div>
  );
}
