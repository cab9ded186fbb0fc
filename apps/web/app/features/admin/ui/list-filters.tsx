import type { ReactNode } from 'react';
import { SEARCH_MAX_LENGTH } from '@shop/shared';
import { SearchIcon } from '../../../components/ui/icons';
import { controlClass } from './fields';

const labelClass = 'text-sm font-semibold text-stone-800';

/** A paged list's search box above it (orders, products, users): a visible label and a magnifier. */
export function ListSearchField({
  id,
  label,
  placeholder,
  value,
  onValue,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-stone-400" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          placeholder={placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          className={`${controlClass} border-stone-300 ps-10`}
        />
      </div>
    </div>
  );
}

/**
 * A filter or sort select beside a list's search box, with a visible label; `children` are its
 * options. `shrink` lets it narrow below its longest option (a long city or role name).
 */
export function ListFilterSelect({
  id,
  label,
  value,
  onValue,
  shrink = false,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  shrink?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={shrink ? 'flex min-w-0 flex-col gap-1.5' : 'flex flex-col gap-1.5'}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onValue(event.target.value)} className={`${controlClass} border-stone-300`}>
        {children}
      </select>
    </div>
  );
}
