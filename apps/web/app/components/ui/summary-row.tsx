import type { ReactNode } from 'react';

/** One label–amount line of a totals list (<dl>): subtotal, discount, shipping, total. */
export function SummaryRow({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex justify-between gap-2 ${className}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}
