import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/** One entry of a row's menu: a page of the back office, an address in a new tab, or an action. */
export type ActionMenuItem = {
  id: string;
  label: string;
  icon?: ReactNode;
  tone?: 'danger';
  disabled?: boolean;
} & ({ to: string } | { href: string } | { onSelect: () => void });

const itemClass =
  'flex min-h-11 w-full items-center gap-2 px-4 py-2 text-start text-sm font-semibold focus:outline-none disabled:cursor-not-allowed disabled:opacity-50 lg:min-h-10';
const tones = {
  normal: 'text-stone-800 hover:bg-brand-50 focus:bg-brand-50',
  danger: 'text-red-700 hover:bg-red-50 focus:bg-red-50',
};

const MENU_WIDTH = 224;

/**
 * A row's "⋯" menu (menu button pattern: arrows move, Escape, Tab and a click outside close it).
 * The menu is placed `fixed` beside its button, so a list's scrolling box never cuts it; a scroll
 * or a resize closes it.
 */
export function ActionMenu({ label, items, buttonClassName }: { label: string; items: readonly ActionMenuItem[]; buttonClassName?: string }) {
  const [place, setPlace] = useState<{ top: number; left: number; up: boolean } | null>(null);
  const open = place !== null;
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const entries = () => Array.from(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);

  function openMenu(focus: 'first' | 'last') {
    const rect = button.current?.getBoundingClientRect();
    if (!rect) return;
    const rtl = getComputedStyle(button.current as HTMLElement).direction === 'rtl';
    // The menu's end meets the button's end; it opens upwards when the room below is short.
    const left = Math.max(8, Math.min(window.innerWidth - MENU_WIDTH - 8, rtl ? rect.left : rect.right - MENU_WIDTH));
    const up = window.innerHeight - rect.bottom < 300 && rect.top > window.innerHeight - rect.bottom;
    setPlace({ top: up ? window.innerHeight - rect.top + 4 : rect.bottom + 4, left, up });
    requestAnimationFrame(() => {
      const list = entries();
      (focus === 'first' ? list[0] : list[list.length - 1])?.focus();
    });
  }

  function close(returnFocus: boolean) {
    setPlace(null);
    if (returnFocus) button.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) setPlace(null);
    };
    const onMove = () => setPlace(null);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open]);

  function menuKeyDown(event: React.KeyboardEvent) {
    const list = entries();
    const index = list.findIndex((entry) => entry === document.activeElement);
    const moves: Record<string, number | undefined> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      list[moves[event.key] as number]?.focus();
    }
  }

  return (
    <div ref={container} className="relative inline-flex">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
        className={
          buttonClassName ??
          'inline-flex size-11 items-center justify-center rounded-lg border border-stone-200 bg-white text-lg leading-none font-bold text-stone-700 hover:bg-stone-100 lg:size-10'
        }
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {place ? (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={menuKeyDown}
          style={{ position: 'fixed', left: place.left, width: MENU_WIDTH, ...(place.up ? { bottom: place.top } : { top: place.top }) }}
          className="z-50 rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          {items.map((item) => {
            const className = `${itemClass} ${tones[item.tone ?? 'normal']}`;
            const content = (
              <>
                {item.icon ?? <span aria-hidden="true" className="size-5 shrink-0" />}
                <span>{item.label}</span>
              </>
            );
            if ('to' in item) {
              return (
                <Link key={item.id} to={item.to} role="menuitem" tabIndex={-1} className={className} onClick={() => setPlace(null)}>
                  {content}
                </Link>
              );
            }
            if ('href' in item) {
              return (
                <a key={item.id} href={item.href} target="_blank" rel="noopener" role="menuitem" tabIndex={-1} className={className} onClick={() => setPlace(null)}>
                  {content}
                </a>
              );
            }
            return (
              <button
                key={item.id}
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={item.disabled}
                className={className}
                onClick={() => {
                  setPlace(null);
                  item.onSelect();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
