import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { StrokeIcon, UserIcon, type IconProps } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { useAuth } from './auth';
import { useLocalizedPath } from '../../lib/localized-path';

function ChevronDownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 9l6 6 6-6" />
    </StrokeIcon>
  );
}

/** Logout from the header: ends the session (server failures ignored), says so, goes home. */
export function useLogout() {
  const localized = useLocalizedPath();
  const { signOut } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const { t } = useI18n();
  return useCallback(async () => {
    await signOut();
    toast.success(t('layout.user_menu.logged_out'));
    void navigate(localized('/'));
  }, [signOut, toast, navigate, localized, t]);
}

/**
 * The signed-in shopper's menu in the wide header: a button with the name opening Profile and
 * Logout (menu button pattern: arrows move, Escape and a click outside close it).
 */
export function UserMenu({ name }: { name: string }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const logout = useLogout();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [pathWhenOpened, setPathWhenOpened] = useState(location.key);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A navigation (e.g. to /profile) closes the menu.
  if (open && pathWhenOpened !== location.key) {
    setOpen(false);
  }

  const items = () => Array.from(container.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  function openMenu(focus: 'first' | 'last') {
    setPathWhenOpened(location.key);
    setOpen(true);
    requestAnimationFrame(() => {
      const list = items();
      (focus === 'first' ? list[0] : list[list.length - 1])?.focus();
    });
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function menuKeyDown(event: React.KeyboardEvent) {
    const list = items();
    const index = list.findIndex((item) => item === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list[list.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('layout.user_menu.label', { name })}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
          } else if (event.key === 'Escape' && open) {
            close(true);
          }
        }}
        className={buttonClasses('ghost', 'md', 'max-w-48')}
      >
        <UserIcon className="size-5 shrink-0" />
        <bdi className="truncate">{name}</bdi>
        <ChevronDownIcon className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={name}
          onKeyDown={menuKeyDown}
          className="absolute end-0 top-full z-40 mt-1 w-56 rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          <p className="border-b border-stone-100 px-4 py-2 text-xs text-stone-500" role="none">
            {t('layout.user_menu.signed_in_as')} <bdi className="font-semibold text-stone-800">{name}</bdi>
          </p>
          <Link
            to={localized('/profile')}
            role="menuitem"
            tabIndex={-1}
            className="block px-4 py-2.5 text-sm font-semibold text-stone-800 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none"
          >
            {t('layout.user_menu.profile')}
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              void logout();
            }}
            className="block w-full px-4 py-2.5 text-start text-sm font-semibold text-red-700 hover:bg-red-50 focus:bg-red-50 focus:outline-none"
          >
            {t('layout.user_menu.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The signed-in shopper's part of the compact header's menu: who, Profile and Logout. */
export function MobileAccountActions({ name }: { name: string }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const logout = useLogout();
  return (
    <div className="col-span-2 flex flex-col gap-2">
      <p className="text-sm text-stone-600">
        {t('layout.user_menu.signed_in_as')} <bdi className="font-semibold text-stone-900">{name}</bdi>
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Link to={localized('/profile')} className={buttonClasses('secondary')}>
          {t('layout.user_menu.profile')}
        </Link>
        <button type="button" onClick={() => void logout()} className={buttonClasses('ghost', 'md', 'text-red-700')}>
          {t('layout.user_menu.logout')}
        </button>
      </div>
    </div>
  );
}
