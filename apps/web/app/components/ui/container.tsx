import type { HTMLAttributes } from 'react';

/** The page column: centred, at most 72rem wide, with side padding that grows with the screen. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={['mx-auto w-full max-w-6xl px-4 sm:px-6', className].filter(Boolean).join(' ')} {...props} />;
}
