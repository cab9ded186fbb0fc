import { useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon, MenuIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';
import { adminHref } from './admin-links';
import { badgeText, type TabBadges } from './tab-badges';
import { phoneNavigation, type AdminTab } from './tabs';
import { useModalDialog } from '../ui/modal';

/** A count beside a tab's label (new orders); its text for screen readers says what it counts. */
function TabBadge({ count, corner }: { count: number | undefined; corner: boolean }) {
  const { t } = useI18n();
  const text = badgeText(count);
  if (text === null) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-badge
        className={`${corner ? 'absolute -top-1.5 start-[calc(50%+0.5rem)]' : 'ms-auto'} inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white tabular-nums`}
      >
        {text}
      </span>
      <span className="sr-only">{t('admin.shell.badge', { count: count ?? 0 })}</span>
    </>
  );
}

const tone = (active: boolean) => (active ? 'bg-brand-50 text-brand-800' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900');

/** A section in the desktop's side navigation or the phone's "More" sheet: icon, label, badge. */
export function SideTabLink({ tab, active, badge, onFollow }: { tab: AdminTab; active: boolean; badge?: number; onFollow?: () => void }) {
  const { t } = useI18n();
  const Icon = tab.icon;
  return (
    <Link
      to={adminHref(tab.id)}
      aria-current={active ? 'page' : undefined}
      onClick={onFollow}
      className={`flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold lg:min-h-10 ${tone(active)} ${active ? 'ring-1 ring-brand-200' : ''}`}
    >
      <Icon className="size-5 shrink-0" />
      <span className="min-w-0 break-words">{t(tab.label)}</span>
      <TabBadge count={badge} corner={false} />
    </Link>
  );
}

// Five items share 320 px: a label of up to ~10 characters fits at 11 px, 12 px from 360 px on.
const barItemClass =
  'relative flex min-h-14 w-full min-w-0 flex-col items-center justify-center gap-0.5 px-0.5 py-1.5 text-[0.6875rem] leading-tight font-semibold min-[360px]:text-xs';

/** A section in the phone's bottom bar: icon over label, the current one marked. */
function BarTabLink({ tab, active, badge }: { tab: AdminTab; active: boolean; badge?: number }) {
  const { t } = useI18n();
  const Icon = tab.icon;
  return (
    <Link to={adminHref(tab.id)} aria-current={active ? 'page' : undefined} className={`${barItemClass} ${tone(active)}`}>
      <Icon className="size-6" />
      <span className="max-w-full whitespace-nowrap">{t(tab.label)}</span>
      <TabBadge count={badge} corner />
    </Link>
  );
}

/**
 * The phone's navigation: a bottom bar with the main sections and "More", which opens a sheet (a
 * modal dialog: focus kept inside, Escape, the backdrop and the close button close it) listing
 * every other section the user may open. The bar marks where the owner is: the section itself,
 * or "More" when the current section lives in the sheet.
 */
export function PhoneNav({ tabs, active, badges, label }: { tabs: readonly AdminTab[]; active: AdminTab | null; badges: TabBadges; label: string }) {
  const { t } = useI18n();
  const { bar, more } = phoneNavigation(tabs);
  const [open, setOpen] = useState(false);
  const activeInSheet = active !== null && more.includes(active);
  const sheetBadges = more.reduce((sum, tab) => sum + (badges[tab.id] ?? 0), 0);
  return (
    <nav aria-label={label} className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden">
      <ul className="flex">
        {bar.map((tab) => (
          <li key={tab.id} className="flex min-w-0 flex-1">
            <BarTabLink tab={tab} active={tab.id === active?.id} badge={badges[tab.id]} />
          </li>
        ))}
        {more.length > 0 ? (
          <li className="flex min-w-0 flex-1">
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={open}
              data-current={activeInSheet ? 'true' : undefined}
              onClick={() => setOpen(true)}
              className={`${barItemClass} ${tone(activeInSheet)}`}
            >
              <MenuIcon className="size-6" />
              <span className="max-w-full whitespace-nowrap">{t('admin.shell.more')}</span>
              {activeInSheet ? <span className="sr-only">{t('admin.shell.current_section', { section: t(active.label) })}</span> : null}
              <TabBadge count={sheetBadges} corner />
            </button>
          </li>
        ) : null}
      </ul>
      {open ? <MoreSheet tabs={more} active={active} badges={badges} onClose={() => setOpen(false)} /> : null}
    </nav>
  );
}

/** The "More" sheet: a modal dialog rising from the bottom with the sections the bar leaves out. */
export function MoreSheet({ tabs, active, badges, onClose }: { tabs: readonly AdminTab[]; active: AdminTab | null; badges: TabBadges; onClose: () => void }) {
  const { t } = useI18n();
  // The browser's back or forward leaves the sheet too (not any change of address: the section
  // tapped just before "More" may still be arriving, and must not close the sheet when it does).
  const { dialog, titleId } = useModalDialog(onClose, { closeOnBackdrop: true, closeOnHistory: true });

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none rounded-t-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
    >
      <div className="flex flex-col px-4 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))]">
        <div className="flex items-center justify-between gap-3 pb-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('admin.shell.more_title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('admin.common.close')}
            className="inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
          >
            <CloseIcon />
          </button>
        </div>
        <ul className="grid grid-cols-1 gap-1 min-[360px]:grid-cols-2">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <SideTabLink tab={tab} active={tab.id === active?.id} badge={badges[tab.id]} onFollow={onClose} />
            </li>
          ))}
        </ul>
      </div>
    </dialog>
  );
}
