import {
  storeAddress,
  DELIVERY_PROMISE_HOURS,
  RETURN_WINDOW_DAYS,
  amountDigits,
  currencyDecimals,
  type Language,
  type StoreSettings,
  type Thousandths,
} from '@shop/shared';
import { internationalDigits } from '../components/layout/contact';
import { storeDescription, storeName } from './localized';
import { absoluteUrl, pageUrl } from './seo';

/**
 * schema.org structured data for search engines (docs/decisions/048): what every page type's
 * JSON-LD is built from. Addresses are absolute and in the page's language (pathInLanguage).
 */

export type JsonLd = Record<string, unknown>;

const SCHEMA_CONTEXT = 'https://schema.org';
/** The country the shop sells from and returns to (ISO 3166-1 alpha-2). */
const STORE_COUNTRY = 'KW';
/**
 * Delivery promise (DELIVERY_PROMISE_HOURS, shown on the order confirmation) in whole days: an
 * order leaves the same day and arrives within it, so handling 0 days and transit 0 to 1 day.
 */
const DELIVERY_DAYS = Math.ceil(DELIVERY_PROMISE_HOURS / 24);

/**
 * JSON for an inline <script type="application/ld+json">. '<' is escaped so text from the
 * catalogue (e.g. "</script>") can never end the script element early.
 */
export function jsonLdHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Absolute URLs of the shop's pages in one language. */
export function pageUrls(publicUrl: string, lang: Language) {
  return (path: string) => pageUrl(publicUrl, path, lang);
}

/** An amount as schema.org prices are written: a string with the currency's decimals. */
export function schemaPrice(value: Thousandths, currency: string): string {
  return amountDigits(value, currencyDecimals(currency));
}

export interface BreadcrumbStep {
  name: string;
  /** Absolute URL of the step's page. */
  url: string;
}

/**
 * The steps of a page's visible breadcrumb (its links, without Home, the page last) as
 * BreadcrumbList steps: Home first, every step with its absolute URL, the page's own at the end.
 */
export function breadcrumbSteps(
  crumbs: ReadonlyArray<{ label: string; to?: string }>,
  page: { homeLabel: string; path: string; url: (path: string) => string },
): BreadcrumbStep[] {
  return [
    { name: page.homeLabel, url: page.url('/') },
    ...crumbs.map((crumb) => ({ name: crumb.label, url: page.url(crumb.to ?? page.path) })),
  ];
}

/** BreadcrumbList: the steps from the home page to the current page, positions 1..n. */
export function breadcrumbJsonLd(steps: readonly BreadcrumbStep[]): JsonLd {
  return {
    '@context': SCHEMA_CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** The return policy the return-policy page states: within RETURN_WINDOW_DAYS, free, in Kuwait. */
export function returnPolicyJsonLd(returnPolicyUrl: string): JsonLd {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: STORE_COUNTRY,
    returnPolicyCountry: STORE_COUNTRY,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_WINDOW_DAYS,
    returnFees: 'https://schema.org/FreeReturn',
    refundType: 'https://schema.org/FullRefund',
    merchantReturnLink: returnPolicyUrl,
  };
}

/** What delivery costs in one country: its cheapest and dearest city fee, thousandths. */
export interface ShippingFeeSpan {
  countryCode: string;
  min: Thousandths;
  max: Thousandths;
}

/** OfferShippingDetails per country the shop delivers to, with the delivery promise's times. */
export function shippingDetailsJsonLd(spans: readonly ShippingFeeSpan[], currency: string): JsonLd[] {
  const days = (minValue: number, maxValue: number) => ({
    '@type': 'QuantitativeValue',
    minValue,
    maxValue,
    unitCode: 'DAY',
  });
  return spans.map((span) => ({
    '@type': 'OfferShippingDetails',
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: span.countryCode },
    shippingRate: {
      '@type': 'MonetaryAmount',
      ...(span.min === span.max
        ? { value: schemaPrice(span.min, currency) }
        : { minValue: schemaPrice(span.min, currency), maxValue: schemaPrice(span.max, currency) }),
      currency,
    },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(0, 0),
      transitTime: days(0, DELIVERY_DAYS),
    },
  }));
}

type StoreFields = Pick<
  StoreSettings,
  | 'store_name'
  | 'store_name_en'
  | 'store_description'
  | 'store_description_en'
  | 'logo'
  | 'phone_number'
  | 'whatsapp_number'
  | 'email'
  | 'address'
  | 'address_en'
  | 'facebook_url'
  | 'instagram_url'
>;

/**
 * The home page's OnlineStore (an Organization) and WebSite with its search box: name, address,
 * logo, contact and social profiles from the settings, the return policy, and the list page's
 * search URL as the SearchAction's template.
 */
export function storeJsonLd(settings: StoreFields, lang: Language, publicUrl: string): JsonLd[] {
  const url = pageUrls(publicUrl, lang);
  const home = url('/');
  const name = storeName(lang, settings);
  const otherName = storeName(lang === 'ar' ? 'en' : 'ar', settings);
  const description = storeDescription(lang, settings);
  // The default address is the country's name, which addressCountry already says.
  const street = storeAddress(lang, settings);
  const telephone = settings.phone_number ? `+${internationalDigits(settings.phone_number)}` : null;
  const sameAs = [settings.facebook_url, settings.instagram_url].filter((link): link is string => !!link);
  const storeId = `${home}#store`;
  const contact = {
    ...(telephone ? { telephone } : {}),
    ...(settings.email ? { email: settings.email } : {}),
  };
  const store: JsonLd = {
    '@context': SCHEMA_CONTEXT,
    '@type': 'OnlineStore',
    '@id': storeId,
    name,
    ...(otherName !== name ? { alternateName: otherName } : {}),
    url: home,
    ...(settings.logo ? { logo: absoluteUrl(publicUrl, settings.logo) } : {}),
    ...(description ? { description } : {}),
    ...contact,
    address: {
      '@type': 'PostalAddress',
      addressCountry: STORE_COUNTRY,
      // The default address is the country's name, which addressCountry already says.
      ...(street ? { streetAddress: street } : {}),
    },
    ...(telephone || settings.email
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            ...contact,
            areaServed: STORE_COUNTRY,
            availableLanguage: ['ar', 'en'],
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    hasMerchantReturnPolicy: returnPolicyJsonLd(url('/return-policy')),
  };
  const website: JsonLd = {
    '@context': SCHEMA_CONTEXT,
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name,
    url: home,
    inLanguage: lang,
    publisher: { '@id': storeId },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${url('/products')}?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
  return [store, website];
}

