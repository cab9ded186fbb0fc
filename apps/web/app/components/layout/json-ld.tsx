import { useNonce } from '../../lib/nonce';
import { jsonLdHtml, type JsonLd } from '../../lib/structured-data';

/** One <script type="application/ld+json"> per value, carrying the page's CSP nonce. */
export function JsonLdScripts({ values }: { values: readonly JsonLd[] }) {
  const nonce = useNonce();
  return values.map((value, index) => (
    <script
      // The values are fixed per render and never reorder.
      key={index}
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonLdHtml(value) }}
    />
  ));
}
