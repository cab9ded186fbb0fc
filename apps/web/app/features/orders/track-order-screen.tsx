import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrderLookupResponse } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { useFieldForm } from '../../components/ui/use-field-form';
import { useI18n } from '../../i18n/i18n';
import { ApiError, browserApi } from '../../lib/api';
import { useErrorText } from '../../lib/errors/error-text';
import { AuthCard } from '../account/auth-card';
import { FormErrors, TextField } from '../account/form-field';
import { normaliseOrderNumber } from './order-progress';
import { useLocalizedPath } from '../../lib/localized-path';

type ContactKind = 'phone' | 'email';
const fields = ['order_number', 'contact'] as const;
const fieldId = (field: (typeof fields)[number]) => `track-${field.replace('_', '-')}`;

/**
 * A guest's order look-up (/track): the order number and the phone (first) or e-mail it was
 * placed with. The API remembers a found order in this browser, and the tracking page then shows
 * it in full; a wrong pair, a malformed field or too many tries are said on the form.
 */
export function TrackOrderScreen() {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const navigate = useNavigate();
  const failureText = useErrorText();
  const form = useFieldForm({ order_number: '', contact: '' }, { fields, fieldId });
  const [kind, setKind] = useState<ContactKind>('phone');
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  function chooseKind(next: ContactKind) {
    setKind(next);
    form.change('contact', '');
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setFormErrors([]);
    const number = normaliseOrderNumber(form.values.order_number);
    const contact = form.values.contact.trim();
    const problems = {
      order_number: number ? undefined : t('orders.track.number_invalid'),
      contact: contact ? undefined : t(kind === 'phone' ? 'orders.track.phone_required' : 'orders.track.email_required'),
    };
    if (!form.validate(problems, (message) => message)) return;
    setSubmitting(true);
    try {
      const found = await browserApi().post<OrderLookupResponse>('/orders/lookup', { order_number: number, contact });
      await navigate(localized(`/order-status/${encodeURIComponent(found.order_number)}`));
    } catch (failure) {
      const elsewhere = form.showServerErrors(failure);
      if (elsewhere === null || elsewhere.length > 0 || !(failure instanceof ApiError)) {
        setFormErrors(elsewhere?.length ? elsewhere : [failureText(failure, t('orders.track.failed'))]);
        requestAnimationFrame(() => heading.current?.focus());
      }
    } finally {
      setSubmitting(false);
    }
  }

  const kindButton = (value: ContactKind) =>
    `min-h-11 flex-1 rounded-md px-3 text-sm font-semibold ${
      kind === value ? 'bg-white text-brand-800 shadow-sm' : 'text-stone-700 hover:text-stone-900'
    }`;

  return (
    <AuthCard title={t('orders.track.title')} subtitle={t('orders.track.subtitle')} headingRef={heading}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormErrors messages={formErrors} />
        <TextField
          {...form.field('order_number')}
          label={t('orders.track.number')}
          hint={t('orders.track.number_hint')}
          placeholder="SB-XXXXXXXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          ltr
          required
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-semibold text-stone-800">{t('orders.track.contact_kind')}</legend>
          <div className="flex gap-1 rounded-lg bg-stone-100 p-1">
            {(['phone', 'email'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={kind === value}
                onClick={() => chooseKind(value)}
                className={kindButton(value)}
              >
                {t(value === 'phone' ? 'orders.track.by_phone' : 'orders.track.by_email')}
              </button>
            ))}
          </div>
        </fieldset>
        {kind === 'phone' ? (
          <TextField
            {...form.field('contact')}
            label={t('orders.track.phone')}
            hint={t('orders.track.phone_hint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            ltr
            required
          />
        ) : (
          <TextField
            {...form.field('contact')}
            label={t('orders.track.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            ltr
            required
          />
        )}
        <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting || undefined} className="w-full">
          {submitting ? t('orders.track.submitting') : t('orders.track.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
