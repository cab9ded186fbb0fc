import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { imageSrcSet, inLanguage, isSameSitePath, isWebAddress, SLIDER_INTERVAL_MS, type Slide } from '@shop/shared';
import { buttonClasses } from '../../components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { stepIndex, swipeStep, wrapIndex, type SlideStep } from './slider-logic';
import { useLocalizedPath } from '../../lib/localized-path';
import { useAfterHydration } from '../../lib/after-hydration';

/** Stored slide images are at most 960 px wide; banners are 8:3, the box's ratio on wide screens. */
const SLIDE_WIDTH = 960;
const SLIDE_HEIGHT = 360;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the shopper asked for less motion; false on the server, so the first render matches. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

function SlideLink({ href, label }: { href: string; label: string }) {
  const className = buttonClasses('inverse', 'md', 'mt-4');
  const localized = useLocalizedPath();
  // Shop paths navigate inside the app, in the page's language; an http(s) address is an ordinary link; a stored link the
  // shop's rule refuses (saved before the rule, e.g. "/\evil.example") is not shown.
  if (isSameSitePath(href)) {
    return (
      <Link to={localized(href)} className={className}>
        {label}
      </Link>
    );
  }
  if (!isWebAddress(href)) return null;
  return (
    <a href={href} className={className}>
      {label}
    </a>
  );
}

/**
 * The home page carousel: advances every few seconds, wraps around, follows swipes (mirrored in
 * RTL), and stops moving while hovered or focused and when paused. Shoppers who prefer reduced
 * motion start paused (the play button still works) and get no fade.
 */
export function HomeSlider({ slides }: { slides: Slide[] }) {
  const { t, dir, lang } = useI18n();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // null until the shopper presses play or pause; before that, reduced-motion decides.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const paused = choice === null ? reducedMotion : choice === 'pause';
  const pointerStart = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  // The page arrives with the first slide's picture only, so the others (unseen for the first
  // interval) do not take a phone's bandwidth from it; they load once the page is running.
  const running = useAfterHydration();

  const current = wrapIndex(index, count);
  const autoPlay = count > 1 && !paused;
  const advancing = autoPlay && !hovered && !focused;

  useEffect(() => {
    if (!advancing) return;
    // Restarted on every slide change, so a manual step also gets the full interval.
    const timer = setTimeout(
      () => setIndex((value) => stepIndex(value, 'next', count)),
      SLIDER_INTERVAL_MS,
    );
    return () => clearTimeout(timer);
  }, [advancing, current, count]);

  if (count === 0) return null;

  const go = (step: SlideStep) => setIndex((value) => stepIndex(value, step, count));

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointerStart.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = pointerStart.current;
    pointerStart.current = null;
    if (!start || count < 2) return;
    const step = swipeStep(event.clientX - start.x, event.clientY - start.y, dir);
    if (step) {
      swiped.current = true;
      go(step);
    }
  };

  const controlButton =
    'size-10 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow hover:bg-white';
  // 44 px on a phone; the dots keep a small mark inside that area.
  const smallButton =
    'flex size-11 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/70 sm:size-9';

  return (
    <section
      aria-roledescription={t('home.slider.carousel')}
      aria-label={t('home.slider.label')}
      className="relative overflow-hidden rounded-2xl bg-brand-900 shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="relative aspect-[4/3] touch-pan-y select-none sm:aspect-[8/3]"
        aria-live={advancing ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          pointerStart.current = null;
        }}
        onClickCapture={(event) => {
          // A swipe that ends on the slide's link must not also follow the link.
          if (swiped.current) {
            event.preventDefault();
            event.stopPropagation();
            swiped.current = false;
          }
        }}
      >
        {slides.map((slide, position) => {
          const active = position === current;
          const description = inLanguage(lang, slide.description, slide.description_en);
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t('home.slider.slide')}
              aria-label={t('home.slider.position', { number: position + 1, count })}
              aria-hidden={!active}
              inert={!active}
              className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${active ? 'opacity-100' : 'opacity-0'}`}
            >
              {/* The title and text over the image say what it shows, so the image itself is decorative.
                  Banners are drawn for Arabic: the product on the left, the caption's side (the start,
                  right) left clear. In English the artwork is mirrored, so the product stays on the side
                  away from the start-aligned caption. On a phone the 8:3 picture is cropped to the
                  product's half (object-left: the original's left, before the mirroring). */}
              {position === 0 || running ? (
                <img
                  src={slide.image}
                  srcSet={imageSrcSet(slide.image)}
                  sizes="(min-width: 72rem) 72rem, 100vw"
                  width={SLIDE_WIDTH}
                  height={SLIDE_HEIGHT}
                  alt=""
                  loading={position === 0 ? 'eager' : 'lazy'}
                  fetchPriority={position === 0 ? 'high' : 'auto'}
                  decoding={position === 0 ? 'sync' : 'async'}
                  draggable={false}
                  className="absolute inset-0 size-full object-cover object-left sm:object-center ltr:-scale-x-100"
                />
              ) : null}
              <div className="absolute inset-0 bg-linear-to-t from-black/80 via-black/35 to-transparent" />
              <div className="absolute inset-x-0 bottom-0 px-5 pb-16 sm:end-auto sm:w-3/5 sm:px-16 sm:pb-16">
                <p className="text-xl font-semibold text-white sm:text-3xl">
                  <bdi>{inLanguage(lang, slide.title, slide.title_en)}</bdi>
                </p>
                {description ? (
                  <p className="mt-2 line-clamp-2 max-w-2xl text-sm text-white/90 sm:text-base">
                    <bdi>{description}</bdi>
                  </p>
                ) : null}
                {slide.link_url ? (
                  <SlideLink href={slide.link_url} label={t('home.slider.cta')} />
                ) : null}
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <>
          {/* Side arrows on wider screens; on phones they sit in the bottom row, clear of the text. */}
          <button
            type="button"
            onClick={() => go('previous')}
            aria-label={t('home.slider.previous')}
            className={`absolute start-3 top-1/2 hidden -translate-y-1/2 sm:flex ${controlButton}`}
          >
            <ChevronLeftIcon className="size-5 rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            onClick={() => go('next')}
            aria-label={t('home.slider.next')}
            className={`absolute end-3 top-1/2 hidden -translate-y-1/2 sm:flex ${controlButton}`}
          >
            <ChevronRightIcon className="size-5 rtl:-scale-x-100" />
          </button>
          <div className="absolute inset-x-0 bottom-1 flex items-center justify-center gap-1 sm:bottom-3 sm:gap-3">
            <button
              type="button"
              onClick={() => go('previous')}
              aria-label={t('home.slider.previous')}
              className={`${smallButton} sm:hidden`}
            >
              <ChevronLeftIcon className="size-4 rtl:-scale-x-100" />
            </button>
            <button
              type="button"
              onClick={() => {
                setChoice(paused ? 'play' : 'pause');
                // Pressing play means "move now", even with the pointer or focus still on the slider.
                setHovered(false);
                setFocused(false);
              }}
              aria-label={paused ? t('home.slider.play') : t('home.slider.pause')}
              className={smallButton}
            >
              {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </button>
            <ul className="flex items-center">
              {slides.map((slide, position) => (
                <li key={slide.id}>
                  <button
                    type="button"
                    onClick={() => setIndex(position)}
                    aria-label={t('home.slider.go_to', { number: position + 1 })}
                    aria-current={position === current ? 'true' : undefined}
                    className="flex size-11 items-center justify-center rounded-full sm:size-9"
                  >
                    <span
                      className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${position === current ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
                    />
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => go('next')}
              aria-label={t('home.slider.next')}
              className={`${smallButton} sm:hidden`}
            >
              <ChevronRightIcon className="size-4 rtl:-scale-x-100" />
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
