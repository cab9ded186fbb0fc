import { IMAGE_WIDTHS, imageSrcSet } from '@shop/shared';

/** Width and height of stored images; square boxes keep the layout still while images load. */
const STORED_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/** A stored upload (URL path from the API) with its smaller widths offered through srcset. */
export function CatalogImage({
  src,
  alt,
  sizes,
  eager = false,
  className = '',
}: {
  src: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      width={STORED_WIDTH}
      height={STORED_WIDTH}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      className={className}
    />
  );
}

/** Drawn in place of a missing image: a loop of prayer beads. */
export function ImagePlaceholder({ className = '' }: { className?: string }) {
  const beads = Array.from({ length: 16 }, (_, index) => {
    const angle = (index / 16) * 2 * Math.PI;
    return { cx: 50 + 28 * Math.cos(angle), cy: 46 + 28 * Math.sin(angle) };
  });
  return (
    <div
      className={`flex items-center justify-center bg-sand-100 text-brand-700/30 ${className}`}
      aria-hidden="true"
    >
      <svg viewBox="0 0 100 100" className="size-1/2" fill="currentColor">
        {beads.map((bead, index) => (
          <circle key={index} cx={bead.cx.toFixed(2)} cy={bead.cy.toFixed(2)} r="4.5" />
        ))}
        <rect x="46" y="74" width="8" height="18" rx="3" />
      </svg>
    </div>
  );
}
