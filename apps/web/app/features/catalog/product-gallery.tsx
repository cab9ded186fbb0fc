import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { CatalogImage, ImagePlaceholder } from './product-image';

const MAIN_IMAGE_SIZES = '(min-width: 1152px) 560px, (min-width: 1024px) 48vw, 100vw';

/**
 * The product's images: a large image, thumbnails to pick another, and a click on the large
 * image opens it enlarged in a modal dialog (Escape closes, arrow keys move, focus stays inside).
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const { t, dir } = useI18n();
  const [index, setIndex] = useState(0);
  const dialog = useRef<HTMLDialogElement>(null);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];

  if (!current)
    return (
      <ImagePlaceholder className="aspect-square w-full rounded-2xl border border-stone-200" />
    );

  const move = (step: number) => setIndex((value) => (value + step + total) % total);
  const open = () => dialog.current?.showModal();
  const close = () => dialog.current?.close();

  function onDialogKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    // "Next" lies towards the end of the line: left in Arabic, right in English.
    const towardsEnd = (event.key === 'ArrowRight') === (dir === 'ltr');
    move(towardsEnd ? 1 : -1);
  }

  // A click on the dark backdrop (the dialog element itself, outside its content) closes it.
  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close();
  }

  const position = t('catalog.gallery.position', { index: index + 1, total });
  return (
    <div>
      <button
        type="button"
        onClick={open}
        className="group relative block w-full cursor-zoom-in overflow-hidden rounded-2xl border border-stone-200 bg-white"
        aria-haspopup="dialog"
      >
        <CatalogImage
          src={current}
          alt={total > 1 ? `${name} (${position})` : name}
          sizes={MAIN_IMAGE_SIZES}
          eager
          className="aspect-square w-full object-cover"
        />
        <span className="absolute end-3 bottom-3 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-stone-800 shadow-sm">
          {t('catalog.gallery.enlarge')}
        </span>
      </button>

      {total > 1 && (
        <ul
          className="mt-3 flex gap-2 overflow-x-auto pb-1"
          aria-label={t('catalog.gallery.thumbnails')}
        >
          {images.map((image, position) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={t('catalog.gallery.show', { index: position + 1, total })}
                aria-current={position === index ? 'true' : undefined}
                className={`block size-16 overflow-hidden rounded-lg border-2 bg-white sm:size-20 ${
                  position === index
                    ? 'border-brand-700'
                    : 'border-transparent opacity-75 hover:opacity-100'
                }`}
              >
                <CatalogImage src={image} alt="" sizes="80px" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}

      <dialog
        ref={dialog}
        aria-label={name}
        onKeyDown={onDialogKeyDown}
        onClick={onDialogClick}
        className="m-auto max-h-[100dvh] max-w-[100vw] bg-transparent p-4 backdrop:bg-stone-950/90 open:flex open:flex-col open:items-center open:gap-3"
      >
        <div className="flex w-full items-center justify-between gap-4 text-white">
          <p className="text-sm" aria-live="polite">
            {position}
          </p>
          <button
            type="button"
            onClick={close}
            aria-label={t('catalog.gallery.close')}
            className="rounded-full bg-white/10 p-2.5 hover:bg-white/20"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <CatalogImage
          src={current}
          alt={name}
          sizes="100vw"
          className="max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-xl object-contain"
        />
        {total > 1 && (
          <div className="flex gap-3">
            <button
              type="button"
              onClick={() => move(-1)}
              aria-label={t('catalog.gallery.previous')}
              className="rounded-full bg-white/10 p-3 text-white hover:bg-white/20"
            >
              <ChevronLeftIcon className="size-6 rtl:-scale-x-100" />
            </button>
            <button
              type="button"
              onClick={() => move(1)}
              aria-label={t('catalog.gallery.next')}
              className="rounded-full bg-white/10 p-3 text-white hover:bg-white/20"
            >
              <ChevronRightIcon className="size-6 rtl:-scale-x-100" />
            </button>
          </div>
        )}
      </dialog>
    </div>
  );
}
