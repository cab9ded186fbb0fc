import { useRef, useState, type DragEvent } from 'react';
import { MAX_IMAGE_UPLOAD_BYTES, MAX_PRODUCT_IMAGES, imageSrcSet } from '@shop/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { PlusIcon, TrashIcon } from '../ui/admin-icons';
import { imageFileProblem, useObjectUrl } from '../ui/image-picker';
import { Badge } from '../ui/resource-list';
import { moveImage, moveImageTo, type ImageItem } from './product-form-rules';

const MAX_MB = Math.round(MAX_IMAGE_UPLOAD_BYTES / (1024 * 1024));

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-lg border lg:size-10 border-stone-200 bg-white text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The product's pictures: the stored ones from their URL and
 * the newly chosen files as previews, in the order the shop shows them; the first is the
 * featured image. Each can move one place earlier or later (buttons, or dragging) or be removed;
 * a removed stored image is deleted when the form is saved.
 */
export function ProductImagesField({
  id,
  items,
  onItems,
  error,
  onProblem,
  disabled,
}: {
  id: string;
  items: readonly ImageItem[];
  onItems: (items: ImageItem[]) => void;
  error?: string | undefined;
  /** Files refused before sending (not an image, too big, too many); undefined clears. */
  onProblem: (message: string | undefined) => void;
  disabled?: boolean;
}) {
  const { t, tp } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const full = items.length >= MAX_PRODUCT_IMAGES;
  const [hadStored] = useState(() => items.some((item) => item.kind === 'existing'));

  function choose(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const problems: string[] = [];
    const accepted: ImageItem[] = [];
    for (const file of chosen) {
      const problem = imageFileProblem(file);
      if (problem === 'not_image') problems.push(t('admin-products.form.image_not_image', { file: file.name }));
      else if (problem === 'too_big') problems.push(t('admin-products.form.image_too_big', { file: file.name, max: MAX_MB }));
      else {
        nextKey.current += 1;
        accepted.push({ kind: 'new', key: `n${nextKey.current}`, file });
      }
    }
    const room = Math.max(0, MAX_PRODUCT_IMAGES - items.length);
    if (accepted.length > room) {
      problems.push(tp('admin-products.form.images_over_limit', MAX_PRODUCT_IMAGES, { skipped: accepted.length - room }));
      accepted.length = room;
    }
    if (accepted.length > 0) onItems([...items, ...accepted]);
    onProblem(problems.length > 0 ? problems.join(' ') : undefined);
  }

  /** After a move the focus stays on the same control of the moved picture (or its twin at an end). */
  function refocus(key: string, direction: 'earlier' | 'later') {
    requestAnimationFrame(() => {
      const same = document.getElementById(`${id}-${key}-${direction}`) as HTMLButtonElement | null;
      const other = document.getElementById(`${id}-${key}-${direction === 'earlier' ? 'later' : 'earlier'}`) as HTMLButtonElement | null;
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  function move(index: number, delta: -1 | 1) {
    const item = items[index];
    if (!item) return;
    onItems(moveImage(items, index, delta));
    setAnnouncement(t('admin-products.form.image_moved', { position: index + delta + 1 }));
    refocus(item.key, delta === -1 ? 'earlier' : 'later');
  }

  function remove(index: number) {
    onItems(items.filter((_, position) => position !== index));
    onProblem(undefined);
    // The focus goes to the next picture's remove button, else the add button.
    requestAnimationFrame(() => {
      const next = items[index + 1] ?? items[index - 1];
      const target = next ? document.getElementById(`${id}-${next.key}-remove`) : document.getElementById(id);
      target?.focus();
    });
  }

  function drop(event: DragEvent, index: number) {
    event.preventDefault();
    if (dragged === null) return;
    onItems(moveImageTo(items, dragged, index));
    setAnnouncement(t('admin-products.form.image_moved', { position: index + 1 }));
    setDragged(null);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {tp('admin-products.form.images_hint', MAX_PRODUCT_IMAGES, { mb: MAX_MB })}
        </p>
        <span className="text-sm font-semibold text-stone-700 tabular-nums">
          {tp('admin-products.form.images_count', MAX_PRODUCT_IMAGES, { shown: items.length })}
        </span>
      </div>

      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center text-stone-600">
          {t('admin-products.form.images_none')}
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4" aria-label={t('admin-products.form.section.images')}>
          {items.map((item, index) => {
            const position = index + 1;
            return (
              <li
                key={item.key}
                draggable={!disabled}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(event) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event) => drop(event, index)}
                onDragEnd={() => setDragged(null)}
                className={`flex flex-col gap-2 rounded-xl border bg-white p-2 ${
                  index === 0 ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200'
                } ${dragged === index ? 'opacity-50' : ''}`}
              >
                <div className="relative aspect-square overflow-hidden rounded-lg bg-stone-100">
                  {item.kind === 'existing' ? (
                    <img
                      src={item.url}
                      srcSet={imageSrcSet(item.url)}
                      sizes="200px"
                      alt={t('admin-products.form.image_alt', { position })}
                      className="size-full object-cover"
                      draggable={false}
                    />
                  ) : (
                    <NewImagePreview file={item.file} alt={t('admin-products.form.image_alt', { position })} />
                  )}
                  <div className="absolute start-1.5 top-1.5 flex flex-col items-start gap-1">
                    {index === 0 ? <Badge tone="green">{t('admin-products.form.image_featured')}</Badge> : null}
                    {item.kind === 'new' ? <Badge tone="blue">{t('admin-products.form.image_new')}</Badge> : null}
                  </div>
                </div>
                <div className="flex items-center justify-between gap-1">
                  <div className="flex gap-1">
                    <button
                      type="button"
                      id={`${id}-${item.key}-earlier`}
                      className={iconButton}
                      disabled={disabled || index === 0}
                      aria-label={t('admin-products.form.image_move_earlier', { position })}
                      title={t('admin-products.form.image_move_earlier', { position })}
                      onClick={() => move(index, -1)}
                    >
                      {/* "Earlier" points to the start side: right in Arabic, left in English. */}
                      <ChevronLeftIcon className="size-5 rtl:rotate-180" />
                    </button>
                    <button
                      type="button"
                      id={`${id}-${item.key}-later`}
                      className={iconButton}
                      disabled={disabled || index === items.length - 1}
                      aria-label={t('admin-products.form.image_move_later', { position })}
                      title={t('admin-products.form.image_move_later', { position })}
                      onClick={() => move(index, 1)}
                    >
                      <ChevronRightIcon className="size-5 rtl:rotate-180" />
                    </button>
                  </div>
                  <button
                    type="button"
                    id={`${id}-${item.key}-remove`}
                    className={`${iconButton} text-red-700 hover:bg-red-50`}
                    disabled={disabled}
                    aria-label={t('admin-products.form.image_remove', { position })}
                    title={t('admin-products.form.image_remove', { position })}
                    onClick={() => remove(index)}
                  >
                    <TrashIcon className="size-5" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          name="images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          aria-describedby={`${id}-hint ${id}-error`}
          className="peer sr-only"
          disabled={disabled || full}
          onChange={(event) => choose(event.target.files)}
        />
        <label
          htmlFor={id}
          aria-disabled={disabled || full ? true : undefined}
          className={`inline-flex min-h-11 items-center justify-center gap-2 lg:min-h-10 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${
            disabled || full ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:bg-brand-50'
          }`}
        >
          <PlusIcon className="size-5" />
          {t('admin-products.form.images_add')}
        </label>
        {hadStored ? <p className="text-sm text-stone-500">{t('admin-products.form.image_removed_hint')}</p> : null}
      </div>
      <p id={`${id}-error`} className="text-sm font-semibold text-red-700 empty:hidden">
        {error}
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function NewImagePreview({ file, alt }: { file: File; alt: string }) {
  const url = useObjectUrl(file);
  return url ? <img src={url} alt={alt} className="size-full object-cover" draggable={false} /> : null;
}
