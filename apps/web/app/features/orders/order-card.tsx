import type { ReactNode } from 'react';

/** One titled card of the tracking page's side column (totals, customer, address, payment). */
export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="mb-2 text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}
