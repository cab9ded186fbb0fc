import type { ReactNode } from 'react';

/**
 * One label–amount line of a totals list (<dl>): subtotal, discount, shipping, total. A note
 * under the amount is a second <dd> of the same term (a <dl> may hold only dt/dd groups).
 */
export function SummaryRow({
  label,
  className = '',
  note,
  children,
}: {
  label: string;
  className?: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-2 gap-y-1 ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
      {note ? <dd className="basis-full text-xs font-normal text-stone-500">{note}</dd> : null}
    </div>
  );
}
