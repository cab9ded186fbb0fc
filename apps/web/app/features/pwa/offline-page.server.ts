import {
  BRAND_BACKGROUND_COLOR,
  BRAND_THEME_COLOR,
  directionOf,
  PAGE_CACHE_NAME,
  pathInLanguage,
  type Language,
} from '@shop/shared';
import { messagesFor } from '../../i18n/catalogues.server';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML content and quoted attributes (the store name is the owner's text). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}

/** At most this many kept pages are listed. */
const SAVED_PAGES_LISTED = 8;

/*
 * The offline page stands alone: no stylesheet, font or script file to fetch, no loader data to
 * hydrate (it is shown in place of any page, whose URL the app's router would not match), no
 * header with a cart or a name. Its small script lists the public pages the service worker kept.
 */
const styles = `
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:1.5rem;
background:${BRAND_BACKGROUND_COLOR};color:#1c1917;font-family:'IBM Plex Sans Arabic',system-ui,-apple-system,'Segoe UI',Tahoma,sans-serif;line-height:1.6}
main{width:100%;max-width:28rem;background:#fff;border:1px solid #e7e5e4;border-radius:1rem;padding:2rem 1.5rem;text-align:center}
.store{margin:0 0 1rem;font-weight:600;color:${BRAND_THEME_COLOR}}
h1{margin:0 0 .5rem;font-size:1.5rem}
p{margin:0 0 1.5rem;color:#57534e}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:.5rem 1.25rem;border-radius:.5rem;font-weight:600;text-decoration:none;border:1px solid ${BRAND_THEME_COLOR}}
.primary{background:${BRAND_THEME_COLOR};color:#fff}
.secondary{background:#fff;color:${BRAND_THEME_COLOR}}
.button:focus-visible,a:focus-visible{outline:2px solid #17694d;outline-offset:2px}
h2{margin:2rem 0 .5rem;font-size:1rem}
ul{list-style:none;margin:0;padding:0;text-align:start}
li a{display:flex;align-items:center;min-height:44px;padding-inline:.5rem;color:${BRAND_THEME_COLOR};border-radius:.5rem}
[hidden]{display:none}
`;

function savedPagesScript(): string {
  return `(async()=>{try{
const section=document.getElementById('saved');const list=section.querySelector('ul');
const cache=await caches.open(${JSON.stringify(PAGE_CACHE_NAME)});
const requests=(await cache.keys()).slice(-${SAVED_PAGES_LISTED}).reverse();
for(const request of requests){const response=await cache.match(request);if(!response)continue;
const title=new DOMParser().parseFromString(await response.text(),'text/html').title||new URL(request.url).pathname;
const item=document.createElement('li');const link=document.createElement('a');
link.href=request.url;link.textContent=title;item.append(link);list.append(item);}
section.hidden=list.children.length===0;}catch{}})();`;
}

/** The offline page of a language, as a whole HTML document. */
export function renderOfflinePage(input: { lang: Language; storeName: string; nonce: string | undefined }): string {
  const text = messagesFor(input.lang, ['offline']);
  const say = (key: string) => escapeHtml(text[key] ?? key);
  const store = escapeHtml(input.storeName);
  const nonce = input.nonce ? ` nonce="${escapeHtml(input.nonce)}"` : '';
  // An empty href is the address being shown: "Try again" reloads the page the shopper wanted.
  return `<!DOCTYPE html>
<html lang="${input.lang}" dir="${directionOf(input.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${BRAND_THEME_COLOR}">
<meta name="robots" content="noindex">
<title>${say('offline.title')} | ${store}</title>
<style>${styles}</style>
</head>
<body>
<main data-offline-page>
<p class="store">${store}</p>
<h1>${say('offline.title')}</h1>
<p>${say('offline.text')}</p>
<div class="actions">
<a class="button primary" href="">${say('offline.retry')}</a>
<a class="button secondary" href="${pathInLanguage('/', input.lang)}">${say('offline.home')}</a>
</div>
<section id="saved" hidden>
<h2>${say('offline.saved_pages')}</h2>
<ul></ul>
</section>
</main>
<script${nonce}>${savedPagesScript()}</script>
</body>
</html>
`;
}
