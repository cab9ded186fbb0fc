import { Suspense, type ReactNode } from 'react';
import { Await, Link } from 'react-router';
import { ChevronLeftIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { useLocalizedPath } from '../../lib/localized-path';

interface HomeSectionProps {
  id: string;
  title: string;
  /** Where "view all" goes; no link when omitted. */
  moreTo?: string;
  moreLabel?: string;
  children: ReactNode;
}

/**
 * A titled block of the home page with an optional "view all" link. The blocks come after the
 * hero and the slider, below a phone's first screen: the browser skips their layout and paint
 * until they come near (content-visibility), and keeps their last size once it has seen them.
 */
export function HomeSection({ id, title, moreTo, moreLabel, children }: HomeSectionProps) {
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby={id} className="mt-12 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:mt-16">
      <div className="mb-5 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold text-stone-900 sm:text-2xl">
          {title}
        </h2>
        {moreTo && moreLabel ? (
          <Link
            to={localized(moreTo)}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline lg:min-h-0"
          >
            {moreLabel}
            <ChevronLeftIcon className="size-4 ltr:-scale-x-100" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** Placeholder boxes while a deferred part of the page streams in. */
export function SectionSkeleton({ id, title, boxes, className }: { id: string; title: string; boxes: number; className: string }) {
  return (
    <HomeSection id={id} title={title}>
      <div aria-busy="true" className={className}>
        {Array.from({ length: boxes }, (_, index) => (
          <div key={index} className="aspect-[3/4] animate-pulse rounded-xl bg-stone-200/70 motion-reduce:animate-none" />
        ))}
      </div>
    </HomeSection>
  );
}

/** Shown in place of a deferred part that could not be loaded; the rest of the page still works. */
export function SectionError({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  return (
    <HomeSection id={id} title={title}>
      <p role="status" className="rounded-xl bg-white p-6 text-center text-stone-700 ring-1 ring-stone-200">
        {t('home.section_error')}
      </p>
    </HomeSection>
  );
}

/**
 * A home block whose items stream in after the first paint (a page part): placeholder boxes while
 * they come, the error box if they cannot, then the block with its items. Without items the block
 * is left out, unless `empty` says what to show instead.
 */
export function DeferredSection<T>({
  id,
  title,
  boxes,
  skeletonClass,
  items,
  moreTo,
  moreLabel,
  empty,
  children,
}: {
  id: string;
  title: string;
  boxes: number;
  skeletonClass: string;
  items: Promise<T[]> | T[];
  moreTo: string;
  moreLabel: string;
  empty?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <Suspense fallback={<SectionSkeleton id={id} title={title} boxes={boxes} className={skeletonClass} />}>
      <Await resolve={items} errorElement={<SectionError id={id} title={title} />}>
        {(list) =>
          list.length > 0 || empty !== undefined ? (
            <HomeSection id={id} title={title} moreTo={moreTo} moreLabel={moreLabel}>
              {list.length > 0 ? children(list) : empty}
            </HomeSection>
          ) : null
        }
      </Await>
    </Suspense>
  );
}
