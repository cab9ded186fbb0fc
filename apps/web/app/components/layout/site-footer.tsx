import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isSameSitePath, isWebAddress, type FooterLink, type StoreSettings } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { storeDescription, storeName } from '../../lib/localized';
import { Container } from '../ui/container';
import { FacebookIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from '../ui/icons';
import { mailtoUrl, telUrl, whatsappUrl } from './contact';
import { displayAddress } from './root-data';
import { useLocalizedPath } from '../../lib/localized-path';
import { SameMarkup, sharedValueId } from '../../lib/same-markup';


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

/**
 * The shop's footer: the store, its contact details, the owner's links (the back office's Pages
 * tab, docs/decisions/058: a path of the shop in the page's language, or another site's address)
 * and the social links.
 */
/**
 * The same for the whole page: the header's account and cart count, which settle after hydration,
 * re-render the storefront's chrome around it, and the footer need not follow (decision 067).
 */
export const SiteFooter = memo(function SiteFooter({
  settings,
  links,
  year,
}: {
  settings: StoreSettings;
  links: readonly FooterLink[];
  year: number;
}) {
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
  // The same for everyone, for the settings and links every page shares (decision 070).
  const settingsId = sharedValueId(settings);
  const linksId = sharedValueId(links);
  const markupKey = settingsId && linksId ? `footer|${lang}|${year}|${settingsId}|${linksId}` : null;
  return (
    <SameMarkup as="footer" markupKey={markupKey} className="mt-16 bg-brand-900 text-brand-50">
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
            {links.map((link, index) =>
              isSameSitePath(link.href) ? (
                <li key={index}>
                  <Link to={localized(link.href)} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ) : isWebAddress(link.href) ? (
                <li key={index}>
                  <a href={link.href} rel="noopener noreferrer" className={linkClass}>
                    {link.label}
                  </a>
                </li>
              ) : null,
            )}
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
    </SameMarkup>
  );
});
