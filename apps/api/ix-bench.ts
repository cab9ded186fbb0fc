import pg from 'pg';
import { SearchIndex } from './src/modules/catalog/search-index.ts';
import { buildSynonymIndex, expandSearch } from './src/modules/catalog/search-terms.ts';
const [db, perLang = '200'] = process.argv.slice(2);
const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${db}` });
await client.connect();
let t0 = performance.now();
const products = (await client.query(`select id, category_id, featured, name_search, search_text, category_text from products where status = 'published' order by created_at desc, id desc`)).rows;
const categories = (await client.query(`select id, slug, parent_id, is_active from categories`)).rows;
const synonyms = buildSynonymIndex((await client.query(`select term, targets from search_synonyms`)).rows);
await client.end();
console.log('loaded', products.length, (performance.now() - t0).toFixed(0), 'ms');
t0 = performance.now();
const index = await SearchIndex.build("1", products, categories);
console.log('built', (performance.now() - t0).toFixed(0), 'ms', 'heap MB', (process.memoryUsage().heapUsed / 1e6).toFixed(0));
const src = (await import('node:fs')).readFileSync('/work/main/scripts/bench.mjs', 'utf8');
const words = eval('(' + src.slice(src.indexOf('{', src.indexOf('const CATALOGUE_WORDS')), src.indexOf('};', src.indexOf('const CATALOGUE_WORDS')) + 1) + ')');
let seed = 7; const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const pick = (l: string[]) => l[Math.floor(random() * l.length)]!;
const typo = (w: string) => { const l = [...w]; if (l.length < 5) return w; l.splice(1 + Math.floor(random() * (l.length - 2)), 1); return l.join(''); };
const num = () => 1 + Math.floor(random() * 10000);
const templates: Array<() => string> = [
  () => `سبحة ${pick(words.materials)} ${pick(words.styles)}`, () => `${pick(words.materials)} ${pick(words.beads)} حبة`, () => `${pick(words.materials)} رقم ${num()}`,
  () => `ال${pick(words.materials)} ال${pick(words.styles)} ${pick(words.beads)}`, () => `بال${pick(words.materials)} ${pick(words.styles)} ${pick(words.beads)}`, () => `${typo(pick(words.materials))} ${pick(words.styles)}`, () => `سبحه ${pick(words.styles)} ${pick(words.beads)} رقم ${num()}`,
  () => `${pick(words.materialsEn)} ${pick(words.stylesEn)}`, () => `${pick(words.stylesEn)} ${pick(words.materialsEn)} ${pick(words.beads)} beads`, () => `${pick(words.materialsEn)} no. ${num()}`, () => `${pick(words.synonymsEn)} ${pick(words.stylesEn)} ${pick(words.beads)}`, () => `${typo(pick(words.materialsEn))} ${pick(words.stylesEn)}`, () => `${pick(words.stylesEn)} prayer beads ${num()}`];
const per = templates.map(() => 0);
for (let round = 0; round < 2; round++) {
  per.fill(0);
  for (let i = 0; i < +perLang; i++) templates.forEach((template, k) => {
    const terms = expandSearch(template().toLowerCase(), synonyms)!;
    const t = performance.now(); index.search(terms, { page: 1, limit: 12 }); per[k] += performance.now() - t;
  });
}
console.log(per.map((t, k) => `t${k} ${(t / +perLang).toFixed(2)}ms`).join('  '));
console.log('avg', (per.reduce((a, b) => a + b, 0) / per.length / +perLang).toFixed(2), 'ms');
