/** A busy indicator with its text, announced once to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-8 text-stone-600">
      <span
        aria-hidden="true"
        className="size-9 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
