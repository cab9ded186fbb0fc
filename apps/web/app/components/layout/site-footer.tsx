import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isWebAddress, type StoreSettings } from '@shop/shared';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { storeDescription, storeName } from '../../lib/localized';
import { Container } from '../ui/container';
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from '../ui/icons';
import { mailtoUrl, telUrl, whatsappUrl } from './contact';
import { displayAddress } from './root-data';
import { useLocalizedPath } from '../../lib/localized-path';

const footerLinks: ReadonlyArray<{ to: string; label: MessageKey }> = [
  { to: '/products', label: 'common.nav.products' },
  { to: '/categories', label: 'common.nav.categories' },
  { to: '/track', label: 'common.footer.track_order' },
  { to: '/return-policy', label: 'common.footer.return_policy' },
  { to: '/privacy', label: 'common.footer.privacy' },
  { to: '/terms', label: 'common.footer.terms' },
];

/** One contact line; the label is read by screen readers where the icon alone says what it is. */
function ContactItem({ icon, label, children }: { icon: ReactNode; label?: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2.5">
      <span className="mt-3.5 text-brand-100 lg:mt-0.5">{icon}</span>
      <span>
        {label ? <span className="sr-only">{label}: </span> : null}
        {children}
      </span>
    </li>
  );
}

export function SiteFooter({ settings, year }: { settings: StoreSettings; year: number }) {
  const { t, lang } = useI18n();
  const localized = useLocalizedPath();
  const name = storeName(lang, settings);
  const description = storeDescription(lang, settings);
  const phoneHref = settings.phone_number ? telUrl(settings.phone_number) : null;
  const whatsappHref = settings.whatsapp_number ? whatsappUrl(settings.whatsapp_number) : null;
  // Set in the database, not in the back office: only an http(s) address becomes a link (never
  // javascript: or "//host" from a hand-edited row).
  const socials = [
    { href: settings.instagram_url, label: t('common.footer.instagram'), icon: <InstagramIcon className="size-5" /> },
    { href: settings.facebook_url, label: t('common.footer.facebook'), icon: <FacebookIcon className="size-5" /> },
  ].filter((social): social is typeof social & { href: string } => social.href !== null && isWebAddress(social.href));
  // 44 px tall on a phone, so a finger finds each link.
  const linkClass = 'inline-flex min-h-11 min-w-11 items-center rounded hover:text-white hover:underline lg:min-h-0 lg:min-w-0';

  // Its blocks are not landmarks of their own: the footer is the landmark, and a block named like
  // the page's hero (the store) or a policy's "Contact us" would share that name (issue 31).
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 id="footer-store" className="text-lg font-semibold text-white">
            <bdi>{name}</bdi>
          </h2>
          {description ? (
            <p className="mt-3 text-sm leading-relaxed text-brand-100">
              <bdi>{description}</bdi>
            </p>
          ) : null}
        </div>

        <div>
          <h2 id="footer-contact" className="font-semibold text-white">
            {t('common.footer.contact')}
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            {phoneHref && settings.phone_number ? (
              <ContactItem icon={<PhoneIcon className="size-4" />} label={t('common.footer.phone')}>
                <a href={phoneHref} className={linkClass} dir="ltr">
                  {settings.phone_number}
                </a>
              </ContactItem>
            ) : null}
            {whatsappHref ? (
              <ContactItem icon={<WhatsAppIcon className="size-4" />}>
                <a href={whatsappHref} className={linkClass}>
                  {t('layout.footer.whatsapp_chat')}
                </a>
              </ContactItem>
            ) : null}
            {settings.email ? (
              <ContactItem icon={<MailIcon className="size-4" />} label={t('common.footer.email')}>
                <a href={mailtoUrl(settings.email)} className={`${linkClass} break-all`} dir="ltr">
                  {settings.email}
                </a>
              </ContactItem>
            ) : null}
            <ContactItem icon={<MapPinIcon className="size-4" />} label={t('common.footer.address')}>
              <bdi>{displayAddress(settings, t, lang)}</bdi>
            </ContactItem>
          </ul>
        </div>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-semibold text-white">
            {t('layout.footer.links')}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={localized(link.to)} className={linkClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {socials.length > 0 ? (
          <div>
            <h2 id="footer-follow" className="font-semibold text-white">
              {t('common.footer.follow')}
            </h2>
            <ul className="mt-3 flex gap-2">
              {socials.map((social) => (
                <li key={social.href}>
                  <a
                    href={social.href}
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 lg:size-10"
                  >
                    {social.icon}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Container>
      <div className="border-t border-white/15">
        <Container className="py-4 text-center text-sm text-brand-100">
          <p>{t('common.footer.rights', { year, store: name })}</p>
        </Container>
      </div>
    </footer>
  );
}
