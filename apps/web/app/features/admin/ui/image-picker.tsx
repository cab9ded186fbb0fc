import { useEffect, useId, useMemo, useRef } from 'react';
import { MAX_IMAGE_UPLOAD_BYTES } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { TrashIcon } from './admin-icons';

const MAX_MB = Math.round(MAX_IMAGE_UPLOAD_BYTES / (1024 * 1024));

/** Why a chosen file cannot be sent (checked again by the server, which reads its content). */
export function imageFileProblem(file: File): 'not_image' | 'too_big' | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'not_image';
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return 'too_big';
  return null;
}

/** A preview URL for a chosen file, released when the file changes or the field goes away. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/**
 * One image of a form (category image, slide, logo): a preview of the current or newly chosen
 * picture, a button to choose another, and one to remove it.
 */
export function ImagePicker({
  id,
  label,
  currentUrl,
  file,
  onFile,
  onRemove,
  error,
  onProblem,
  required,
}: {
  id: string;
  label: string;
  /** The stored image, or null when there is none (or it was removed). */
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Removes the stored image (or the chosen file). */
  onRemove: () => void;
  error?: string | undefined;
  /** Called with a message when a chosen file is refused before sending. */
  onProblem: (message: string) => void;
  required?: boolean;
}) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const preview = useObjectUrl(file);
  const shown = preview ?? currentUrl;

  function choose(files: FileList | null) {
    const chosen = files?.[0];
    if (!chosen) return;
    const problem = imageFileProblem(chosen);
    if (problem) {
      onProblem(problem === 'not_image' ? t('admin.common.image_not_image') : t('admin.common.image_too_big', { max: MAX_MB }));
      if (input.current) input.current.value = '';
      return;
    }
    onFile(chosen);
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold text-stone-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}*
          </span>
        ) : null}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-28 items-center justify-center overflow-hidden rounded-xl border border-dashed border-stone-300 bg-stone-50">
          {shown ? (
            <img src={shown} alt={t('admin.common.image_preview')} className="size-full object-cover" />
          ) : (
            <span className="px-2 text-center text-xs text-stone-500">{t('admin.common.none')}</span>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <input
            ref={input}
            id={id}
            name={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby={`${hintId} ${id}-error`}
            className="sr-only"
            onChange={(event) => choose(event.target.files)}
          />
          <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center lg:min-h-10 justify-center rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            {shown ? t('admin.common.replace_image') : t('admin.common.choose_image')}
          </label>
          {shown ? (
            <Button
              variant="ghost"
              onClick={() => {
                if (input.current) input.current.value = '';
                onRemove();
              }}
            >
              <TrashIcon className="size-4" />
              {t('admin.common.remove_image')}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-sm text-stone-500">
        {t('admin.common.image_hint', { max: MAX_MB })}
      </p>
      <p id={`${id}-error`} className="text-sm font-semibold text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
