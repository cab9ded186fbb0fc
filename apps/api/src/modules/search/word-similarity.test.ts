import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeArabic } from '@shop/shared';
import { queryRows } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-app.js';
import {
  TrigramIds,
  trigramsInOrder,
  WORD_SIMILARITY_THRESHOLD,
  wordSimilarity,
  WordSimilarityMeter,
} from './word-similarity.js';

// The search index (docs/decisions/034) must forgive exactly the typos PostgreSQL's pg_trgm
// forgives: the port is compared with the database's own word_similarity and `<%`.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

const NAMES = [
  'سبحة كهرمان بلطيقي 33 حبة رقم 12 baltic amber prayer beads, 33 beads, no. 12',
  "مسبحة عين النمر يماني 99 حبة tiger's eye yemeni rosary no. 7",
  'سبحة فيروز تركي 101 حبة رقم 100 turkish turquoise prayer beads, 101 beads, no. 100',
  'سبحة خشب الزيتون كلاسيكي olive wood classic',
  'كوك مطعم بالفضة 45 silver-inlaid kuka',
  'rosary "kuka" o\'brien edition 100% عيار_925',
  'هدية للرجال a gift',
  '',
];

/** A word with one letter dropped, changed or doubled: the typos shoppers make. */
function typos(word: string): string[] {
  const letters = [...word];
  const out: string[] = [];
  for (let at = 1; at < letters.length - 1; at += 1) {
    out.push([...letters.slice(0, at), ...letters.slice(at + 1)].join(''));
    out.push([...letters.slice(0, at), 'ب', ...letters.slice(at + 1)].join(''));
    out.push([...letters.slice(0, at), letters[at]!, ...letters.slice(at)].join(''));
  }
  return out;
}

describe('word similarity in the server process', () => {
  it('splits words and pads them as pg_trgm does', () => {
    expect(trigramsInOrder('No. 45')).toEqual(['  n', ' no', 'no ', '  4', ' 45', '45 ']);
    expect(trigramsInOrder('--')).toEqual([]);
    expect(trigramsInOrder('كهرمان')).toHaveLength(7);
  });

  it('gives the database’s value and verdict for names, their words, typos and phrases', async () => {
    const pairs: Array<[string, string]> = [];
    for (const name of NAMES) {
      const normalized = normalizeArabic(name);
      for (const word of normalized.split(' ').filter((item) => item.length > 0)) {
        pairs.push([word, normalized]);
        for (const typo of typos(word)) pairs.push([typo, normalized]);
      }
      pairs.push(
        [normalized, normalized],
        ['كهرمن بلطقي', normalized],
        ['royalcrystal', normalized],
        ['', normalized],
      );
    }
    const rows = await queryRows<{ similarity: number; close: boolean }>(
      database.db,
      sql`select word_similarity(pair.value->>0, pair.value->>1) as similarity,
                 (pair.value->>0) <% (pair.value->>1) as close
          from json_array_elements(${JSON.stringify(pairs)}::json) with ordinality as pair(value, n)
          order by pair.n`,
    );
    expect(rows).toHaveLength(pairs.length);
    // As the search index measures: every name numbered once, one meter for every comparison.
    const ids = new TrigramIds();
    const encoded = new Map(
      NAMES.map((name) => [normalizeArabic(name), ids.encode(normalizeArabic(name))]),
    );
    const meter = new WordSimilarityMeter(ids.size);
    let close = 0;
    pairs.forEach(([pattern, text], n) => {
      const similarity = wordSimilarity(pattern, text);
      expect(Math.fround(similarity), `${pattern} in ${text}`).toBe(
        Math.fround(Number(rows[n]!.similarity)),
      );
      expect(
        meter.measure(ids.patternOf(pattern), encoded.get(text)!),
        `${pattern} in ${text}`,
      ).toBe(similarity);
      expect(similarity >= WORD_SIMILARITY_THRESHOLD, `${pattern} <% ${text}`).toBe(rows[n]!.close);
      // Asked only whether it reaches the threshold, the meter may stop early: the same verdict.
      const reaches =
        meter.measure(ids.patternOf(pattern), encoded.get(text)!, WORD_SIMILARITY_THRESHOLD) >=
        WORD_SIMILARITY_THRESHOLD;
      expect(reaches, `${pattern} <% ${text}`).toBe(rows[n]!.close);
      if (rows[n]!.close) close += 1;
    });
    // Both verdicts occur often, so the comparison means something.
    expect(close).toBeGreaterThan(100);
    expect(pairs.length - close).toBeGreaterThan(100);
  });
});
