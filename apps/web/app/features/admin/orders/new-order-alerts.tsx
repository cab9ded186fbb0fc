import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewOrderAlert, NewOrderAlertsResponse } from '@shop/shared';
import { StrokeIcon, type IconProps } from '../../../components/ui/icons';
import { useMoneyFormat } from '../../../components/ui/price';
import { useToast } from '../../../components/ui/toast';
import { isolateLtr } from '../../../i18n/bidi';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../account/auth';
import { savePreferences } from '../../profile/profile-api';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { adminHref, adminOrderHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';
import { badgeText } from '../shell/tab-badges';
import { adminApi } from '../ui/admin-api';
import {
  addArrivals,
  firstCursor,
  INITIAL_ALERTS,
  isOrdersPage,
  LAST_SEEN_KEY,
  markSeen,
  POLL_WAIT_SECONDS,
  readLastSeen,
  RETRY_DELAY_MS,
  seenElsewhere,
  SOUND_KEY,
  unseenCount,
  type AlertsState,
} from './new-order-alerts-rules';
import { playTone, unlockTone } from './new-order-tone';
import { adminAmount } from './order-rules';
import { ordersQueryKeys } from './orders-api';

/**
 * New orders in the back office as they arrive (issue 30): one long poll of
 * GET /api/admin/orders/new per page (the server answers as soon as an order arrives in any of
 * its processes), the count of orders since the staff member last looked at the Orders tab, a
 * toast with a link to each new order, an optional chime, and the orders list and dashboard
 * refreshed. The poll runs while at least one component uses the hook.
 */

interface Snapshot {
  state: AlertsState;
  /** The server's time of the latest reply. */
  serverTime: string | null;
  /** False while the last poll failed (retrying). */
  connected: boolean;
  sound: boolean;
}

const INITIAL_SNAPSHOT: Snapshot = { state: INITIAL_ALERTS, serverTime: null, connected: true, sound: false };

type Announce = (fresh: readonly NewOrderAlert[]) => void;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function createAlertsStore() {
  let snapshot = INITIAL_SNAPSHOT;
  const listeners = new Set<() => void>();
  /** Each mounted hook's announcer; only the first one toasts, so two users of the hook never toast twice. */
  const announcers: Announce[] = [];
  let users = 0;
  let run: { stopped: boolean } | null = null;

  const set = (next: Partial<Snapshot>) => {
    snapshot = { ...snapshot, ...next };
    if (next.state?.lastSeenAt && next.state.lastSeenAt !== storage()?.getItem(LAST_SEEN_KEY)) {
      storage()?.setItem(LAST_SEEN_KEY, next.state.lastSeenAt);
    }
    for (const listener of listeners) listener();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_SEEN_KEY) set({ state: seenElsewhere(snapshot.state, event.newValue) });
    if (event.key === SOUND_KEY) set({ sound: event.newValue === '1' });
  };

  async function poll(current: { stopped: boolean }) {
    let cursor = firstCursor(snapshot.state.lastSeenAt);
    let live = false;
    while (!current.stopped) {
      try {
        const reply = await adminApi().get<NewOrderAlertsResponse>('/admin/orders/new', {
          cursor,
          wait: live ? POLL_WAIT_SECONDS : 0,
        });
        if (current.stopped) return;
        cursor = reply.cursor;
        const added = addArrivals(snapshot.state, reply.orders);
        // A browser that never looked at the Orders tab counts from now.
        const state = added.state.lastSeenAt === null ? markSeen(added.state, reply.server_time) : added.state;
        set({ state, serverTime: reply.server_time, connected: true });
        if (live && added.fresh.length > 0) announcers[0]?.(added.fresh);
        live = true;
      } catch (error) {
        if (current.stopped) return;
        // Signed out, or no longer allowed to see orders: nothing to wait for.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
        set({ connected: false });
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => snapshot,

    /** A hook mounted: the first one starts the poll (with the stored last look and sound choice). */
    start(announce: Announce): () => void {
      announcers.push(announce);
      users += 1;
      if (users === 1) {
        const stored = storage();
        set({
          state: { ...snapshot.state, lastSeenAt: snapshot.state.lastSeenAt ?? readLastSeen(stored?.getItem(LAST_SEEN_KEY) ?? null) },
          sound: stored?.getItem(SOUND_KEY) === '1',
        });
        window.addEventListener('storage', onStorage);
        run = { stopped: false };
        void poll(run);
      }
      return () => {
        announcers.splice(announcers.indexOf(announce), 1);
        users -= 1;
        if (users === 0) {
          if (run) run.stopped = true;
          run = null;
          window.removeEventListener('storage', onStorage);
        }
      };
    },

    /** The staff member is looking at the orders: what arrived so far is seen. */
    markSeen() {
      const state = markSeen(snapshot.state, snapshot.serverTime);
      if (state !== snapshot.state) set({ state });
    },

    setSound(on: boolean) {
      storage()?.setItem(SOUND_KEY, on ? '1' : '0');
      set({ sound: on });
    },
  };
}

const store = createAlertsStore();

export interface NewOrderAlerts {
  /** Orders that arrived since the staff member last looked at the Orders tab. */
  count: number;
  /** Those orders, newest first. */
  unseen: readonly NewOrderAlert[];
  connected: boolean;
  sound: boolean;
  setSound: (on: boolean) => void;
}

/**
 * The new-order alerts of the back office (see the top of this file). Use it in the shell (the
 * Orders tab's count); any other user of it shares the same poll and toasts nothing more.
 */
export function useNewOrderAlerts(): NewOrderAlerts {
  const { t } = useI18n();
  const toast = useToast();
  const money = useMoneyFormat();
  const client = useQueryClient();
  const { user } = useAuth();
  const location = useLocation();
  const snapshot = useSyncExternalStore(store.subscribe, store.snapshot, () => INITIAL_SNAPSHOT);
  const allowed = userCan(user, 'orders.manage');

  const announce = useRef<Announce>(() => undefined);
  // The latest translator, toasts and money format, for arrivals heard later.
  useEffect(() => {
    announce.current = (fresh) => {
      void client.invalidateQueries({ queryKey: ordersQueryKeys.lists() });
      void client.invalidateQueries({ queryKey: dashboardQueryKeys.all });
      for (const order of fresh) {
        toast.success(t('admin-alerts.toast', { number: isolateLtr(order.order_number), total: adminAmount(order.total_amount, money) }), {
          to: adminOrderHref(order.id),
          label: t('admin-alerts.open'),
        });
      }
      if (store.snapshot().sound) playTone();
    };
  });

  useEffect(() => {
    if (!allowed) return undefined;
    return store.start((fresh) => announce.current(fresh));
  }, [allowed]);

  const onOrders = isOrdersPage(location.pathname, location.search);
  useEffect(() => {
    if (allowed && onOrders) store.markSeen();
  }, [allowed, onOrders, snapshot.state.arrivals, snapshot.serverTime]);

  const seen = snapshot.state.lastSeenAt === null ? null : Date.parse(snapshot.state.lastSeenAt);
  const unseen =
    seen === null || !allowed ? [] : snapshot.state.arrivals.filter((order) => Date.parse(order.arrived_at) > seen).reverse();
  return {
    count: allowed ? unseenCount(snapshot.state) : 0,
    unseen,
    connected: snapshot.connected,
    sound: snapshot.sound,
    setSound: (on) => {
      if (on) unlockTone();
      store.setSound(on);
    },
  };
}

/** A staff member's new-order e-mails as their user screen shows them: read only, their own choice. */
export function NewOrderAlertsNote({ on }: { on: boolean }) {
  const { t } = useI18n();
  return (
    <p className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700" data-testid="user-new-order-alerts">
      <span className="font-semibold text-stone-900">{t('admin-alerts.user.label')}</span>{' '}
      {t(on ? 'admin-alerts.user.on' : 'admin-alerts.user.off')}
    </p>
  );
}

function BellIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
      <path d="M10.3 20a1.94 1.94 0 0 0 3.4 0" />
    </StrokeIcon>
  );
}

/**
 * The header's alerts control: a bell with the count of new orders, opening a panel with those
 * orders, the sound switch and the staff member's own "E-mail me new orders" switch.
 */
export function NewOrderAlertsMenu() {
  const { t } = useI18n();
  const { user } = useAuth();
  const alerts = useNewOrderAlerts();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!userCan(user, 'orders.manage')) return null;
  const text = badgeText(alerts.count);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        data-testid="new-order-alerts-button"
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 lg:min-h-10 lg:min-w-10"
      >
        <BellIcon className="size-5" />
        <span className="sr-only">
          {t('admin-alerts.menu.button')}
          {text ? ` (${t('admin.shell.badge', { count: alerts.count })})` : ''}
        </span>
        {text ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 end-0 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white tabular-nums"
          >
            {text}
          </span>
        ) : null}
      </button>
      {open ? <AlertsPanel id={panelId} alerts={alerts} onFollow={() => setOpen(false)} /> : null}
    </div>
  );
}

function AlertsPanel({ id, alerts, onFollow }: { id: string; alerts: NewOrderAlerts; onFollow: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const money = useMoneyFormat();
  const { user, updateUser } = useAuth();
  const soundId = useId();
  const emailId = useId();
  const preferences = user?.notification_preferences;
  const saving = useMutation({
    mutationFn: (on: boolean) => savePreferences({ ...preferences!, new_order_alerts: on }),
    onSuccess: (reply) => {
      if (user) updateUser({ ...user, notification_preferences: reply.notification_preferences });
      toast.success(t(reply.notification_preferences.new_order_alerts ? 'admin-alerts.menu.email_on' : 'admin-alerts.menu.email_off'));
    },
    onError: () => toast.error(t('admin-alerts.menu.email_failed')),
  });
  const shown = alerts.unseen.slice(0, 5);
  return (
    <div
      id={id}
      role="region"
      aria-label={t('admin-alerts.menu.title')}
      className="fixed inset-x-2 top-14 z-40 flex max-h-[calc(100dvh-8rem)] flex-col gap-3 overflow-y-auto rounded-xl bg-white p-4 text-start shadow-xl ring-1 ring-stone-900/10 sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96"
    >
      <h2 className="text-base font-bold text-stone-900">{t('admin-alerts.menu.title')}</h2>
      <p className="text-sm text-stone-600">{alerts.connected ? t('admin-alerts.menu.live') : t('admin-alerts.menu.offline')}</p>
      {shown.length === 0 ? (
        <p className="text-sm text-stone-700">{t('admin-alerts.menu.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {shown.map((order) => (
            <li key={order.id}>
              <Link
                to={adminOrderHref(order.id)}
                onClick={onFollow}
                className="flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                <bdi>
                  {t('admin-alerts.menu.item', {
                    number: isolateLtr(order.order_number),
                    city: order.city_name,
                    total: adminAmount(order.total_amount, money),
                  })}
                </bdi>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={adminHref('orders')}
        onClick={onFollow}
        className="inline-flex min-h-11 items-center self-start rounded-lg px-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50"
      >
        {t('admin-alerts.menu.all_orders')}
      </Link>
      <div className="flex flex-col gap-2 border-t border-stone-200 pt-3">
        <label htmlFor={soundId} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-stone-900">
          <input
            id={soundId}
            type="checkbox"
            checked={alerts.sound}
            onChange={(event) => {
              alerts.setSound(event.target.checked);
              toast.success(t(event.target.checked ? 'admin-alerts.menu.sound_on' : 'admin-alerts.menu.sound_off'));
            }}
            className="size-5 shrink-0 accent-brand-700"
          />
          {t('admin-alerts.menu.sound')}
        </label>
        {preferences ? (
          <div className="flex items-start gap-3">
            <input
              id={emailId}
              type="checkbox"
              checked={preferences.new_order_alerts ?? false}
              disabled={saving.isPending}
              aria-describedby={`${emailId}-hint`}
              onChange={(event) => saving.mutate(event.target.checked)}
              className="mt-3 size-5 shrink-0 accent-brand-700"
            />
            <div className="flex flex-col">
              <label htmlFor={emailId} className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-stone-900">
                {t('admin-alerts.menu.email')}
              </label>
              <span id={`${emailId}-hint`} className="text-sm text-stone-600">
                {t('admin-alerts.menu.email_hint')}
              </span>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
