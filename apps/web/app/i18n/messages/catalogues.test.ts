import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const directory = fileURLToPath(new URL('.', import.meta.url));
const namespaces = [
  ...new Set(
    readdirSync(directory)
      .filter((file) => /^[a-z-]+\.(ar|en)\.json$/.test(file))
      .map((file) => file.split('.')[0]!),
  ),
].sort();

function read(namespace: string, lang: 'ar' | 'en'): Record<string, string> {
  return JSON.parse(readFileSync(`${directory}/${namespace}.${lang}.json`, 'utf8')) as Record<string, string>;
}

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_SUFFIX = /\.(zero|one|two|few|many|other)$/;

/** The counted-noun families of a catalogue: base key -> the plural forms it has. */
function pluralFamilies(catalogue: Record<string, string>): Map<string, string[]> {
  const families = new Map<string, string[]>();
  for (const key of Object.keys(catalogue)) {
    const match = PLURAL_SUFFIX.exec(key);
    if (!match) continue;
    const base = key.slice(0, match.index);
    families.set(base, [...(families.get(base) ?? []), match[1]!]);
  }
  return families;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogues', () => {
  it('has both languages for every namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const namespace of namespaces) {
      expect(() => read(namespace, 'ar'), `${namespace}.ar.json`).not.toThrow();
      expect(() => read(namespace, 'en'), `${namespace}.en.json`).not.toThrow();
    }
  });

  it.each(namespaces)('%s: the same keys in Arabic and English', (namespace) => {
    const ar = Object.keys(read(namespace, 'ar')).sort();
    const en = Object.keys(read(namespace, 'en')).sort();
    expect(ar.filter((key) => !en.includes(key)), 'missing in English').toEqual([]);
    expect(en.filter((key) => !ar.includes(key)), 'missing in Arabic').toEqual([]);
  });

  it.each(namespaces)('%s: no empty texts and the same {placeholders} in both languages', (namespace) => {
    const ar = read(namespace, 'ar');
    const en = read(namespace, 'en');
    for (const [key, text] of Object.entries(ar)) {
      expect(text.trim(), `${namespace}.${key} (ar)`).not.toBe('');
      const english = en[key];
      if (english === undefined) continue;
      expect(english.trim(), `${namespace}.${key} (en)`).not.toBe('');
      // Arabic plural forms may spell the number out ("منتج واحد") instead of using {count}.
      if (!/\.(zero|one|two)$/.test(key)) {
        expect(placeholders(text), `${namespace}.${key}`).toEqual(placeholders(english));
      }
    }
  });

  it.each(namespaces)('%s: every counted noun has all six Arabic forms, English one and other, and {count}', (namespace) => {
    const ar = read(namespace, 'ar');
    const en = read(namespace, 'en');
    for (const [base, forms] of pluralFamilies(ar)) {
      // A family is a counted noun only if no text of its own sits on its base key.
      expect(ar[base], `${namespace}.${base} is both a text and a plural family`).toBeUndefined();
      expect([...forms].sort(), `${namespace}.${base} (ar)`).toEqual([...PLURAL_FORMS].sort());
      for (const form of ['few', 'many', 'other'] as const) {
        expect(ar[`${base}.${form}`], `${namespace}.${base}.${form} (ar) shows the number`).toMatch(/\{count\}/);
      }
    }
    for (const [base, forms] of pluralFamilies(en)) {
      expect(forms, `${namespace}.${base} (en)`).toEqual(expect.arrayContaining(['one', 'other']));
      expect(en[`${base}.other`], `${namespace}.${base}.other (en) shows the number`).toMatch(/\{count\}/);
      expect(pluralFamilies(ar).has(base), `${namespace}.${base} is a family in Arabic too`).toBe(true);
    }
  });
});
