/**
 * Google's required and recommended properties for the structured data the shop writes, per
 * schema.org type, as Google's pages list them:
 * - Product snippets: https://developers.google.com/search/docs/appearance/structured-data/product-snippet
 * - Merchant listings (Product, Offer, OfferShippingDetails, MerchantReturnPolicy):
 *   https://developers.google.com/search/docs/appearance/structured-data/merchant-listing
 *   (shipping: …/shipping-policy, returns: …/return-policy)
 * - Breadcrumbs: https://developers.google.com/search/docs/appearance/structured-data/breadcrumb
 * - Organization (OnlineStore is one): https://developers.google.com/search/docs/appearance/structured-data/organization
 * - Site names (WebSite): https://developers.google.com/search/docs/appearance/site-names
 * Written once here for the unit tests and the browser test (e2e/structured-data.spec.ts).
 * `oneOf` lists alternatives of which at least one is required; a dotted name is a nested value.
 */
export interface GoogleRules {
  required: readonly string[];
  oneOf?: readonly (readonly string[])[];
  recommended: readonly string[];
}

const organization: GoogleRules = {
  // Google requires none; these are the ones it recommends that a shop without legal ids can have.
  required: [],
  recommended: [
    'name',
    'alternateName',
    'url',
    'logo',
    'description',
    'email',
    'telephone',
    'address',
    'contactPoint',
    'sameAs',
    'hasMerchantReturnPolicy',
  ],
};

export const GOOGLE_RULES: Readonly<Record<string, GoogleRules>> = {
  Product: {
    // Merchant listings need name, image and offers; product snippets need one of the last three.
    required: ['name', 'image', 'offers'],
    oneOf: [['offers', 'review', 'aggregateRating']],
    recommended: ['description', 'sku', 'brand.name', 'url', 'gtin', 'mpn', 'aggregateRating', 'review'],
  },
  Offer: {
    required: ['price', 'priceCurrency'],
    recommended: [
      'availability',
      'itemCondition',
      'url',
      'priceSpecification',
      'shippingDetails',
      'hasMerchantReturnPolicy',
      'priceValidUntil',
    ],
  },
  UnitPriceSpecification: { required: ['price', 'priceCurrency'], recommended: ['priceType'] },
  OfferShippingDetails: {
    required: ['shippingDestination.addressCountry', 'shippingRate.currency'],
    oneOf: [['shippingRate.value', 'shippingRate.maxValue']],
    recommended: ['deliveryTime.handlingTime', 'deliveryTime.transitTime'],
  },
  MerchantReturnPolicy: {
    required: ['applicableCountry', 'returnPolicyCategory'],
    recommended: ['merchantReturnDays', 'returnFees', 'returnPolicyCountry', 'refundType', 'merchantReturnLink', 'returnMethod'],
  },
  // Review snippets: a rating needs its value and how many rated; a review its author and stars.
  AggregateRating: { required: ['ratingValue'], oneOf: [['reviewCount', 'ratingCount']], recommended: ['bestRating', 'worstRating'] },
  Review: { required: ['author.name', 'reviewRating'], recommended: ['datePublished'] },
  Rating: { required: ['ratingValue'], recommended: ['bestRating', 'worstRating'] },
  BreadcrumbList: { required: ['itemListElement'], recommended: [] },
  ListItem: { required: ['position', 'name', 'item'], recommended: [] },
  Organization: organization,
  OnlineStore: organization,
  WebSite: {
    required: ['name', 'url'],
    recommended: ['alternateName', 'potentialAction.target', "potentialAction.query-input"],
  },
};

/** Every node of a JSON-LD value that has an @type, nested ones included. */
export function typedNodes(value: unknown): Array<Record<string, unknown> & { '@type': string }> {
  const found: Array<Record<string, unknown> & { '@type': string }> = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record['@type'] === 'string') found.push(record as Record<string, unknown> & { '@type': string });
    Object.values(record).forEach(visit);
  };
  visit(value);
  return found;
}

function has(node: Record<string, unknown>, path: string): boolean {
  let current: unknown = node;
  for (const key of path.split('.')) {
    if (Array.isArray(current)) current = current[0];
    if (current === null || typeof current !== 'object') return false;
    current = (current as Record<string, unknown>)[key];
  }
  if (Array.isArray(current)) return current.length > 0;
  return current !== undefined && current !== null && current !== '';
}

export interface GoogleCheck {
  /** "Offer: price" for each required property (or group of alternatives) a node lacks. */
  missingRequired: string[];
  /** "Product: gtin" for each recommended property a node lacks. */
  missingRecommended: string[];
  /** The @types of the nodes checked, in document order. */
  types: string[];
}

/** Checks every typed node of a JSON-LD value against GOOGLE_RULES; unknown types are listed only. */
export function checkAgainstGoogle(value: unknown): GoogleCheck {
  const check: GoogleCheck = { missingRequired: [], missingRecommended: [], types: [] };
  for (const node of typedNodes(value)) {
    const type = node['@type'];
    check.types.push(type);
    const rules = GOOGLE_RULES[type];
    if (!rules) continue;
    for (const property of rules.required)
      if (!has(node, property)) check.missingRequired.push(`${type}: ${property}`);
    for (const group of rules.oneOf ?? [])
      if (!group.some((property) => has(node, property))) check.missingRequired.push(`${type}: ${group.join(' | ')}`);
    for (const property of rules.recommended)
      if (!has(node, property)) check.missingRecommended.push(`${type}: ${property}`);
  }
  return check;
}
