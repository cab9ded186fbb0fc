import { useMatches } from 'react-router';
import { catalogueScriptId, matchedCatalogueReferences, referencedText } from './page-messages';

/**
 * The catalogues the page's loaders name, each in a data script of its own (page-messages.ts):
 * JSON whose every "<" is escaped, read by the browser's first rendering.
 */
export function PageCatalogues() {
  return matchedCatalogueReferences(useMatches()).map((reference) => (
    <script
      key={reference}
      type="application/json"
      id={catalogueScriptId(reference)}
      dangerouslySetInnerHTML={{ __html: referencedText(reference) ?? '' }}
    />
  ));
}
