import type { ReactNode } from 'react';
import { ButtonLink } from './button';

/** A page's empty state: an icon, a title, a sentence and one way forward. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-4 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      <p className="text-stone-600">{text}</p>
      <ButtonLink to={action.to} size="lg">
        {action.label}
      </ButtonLink>
    </div>
  );
}
