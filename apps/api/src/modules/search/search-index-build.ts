import { PackedLists, ProductSet } from './product-sets.js';
import { TrigramIds } from './word-similarity.js';

// Building the search index (search-index.ts) from the published products and the category
// tree: the postings of every vocabulary word, the words by their pieces, the names' trigrams.

/** A published product as the index needs it, given in list order. */
export interface SearchIndexProduct {
  id: number;
  category_id: number | null;
  featured: boolean;
  /** products.name_search: the normalised names in both languages. */
  name_search: string;
  /** products.search_text: the normalised names, summaries and descriptions in both languages. */
  search_text: string;
  /** products.category_text: the normalised text of the product's category. */
  category_text: string | null;
}

export interface SearchIndexCategory {
  id: number;
  slug: string;
  parent_id: number | null;
  is_active: boolean;
}

export interface SearchIndexOptions {
  /** Whether passes are led by their rarest term as RARE_SHARE says, always or never (tests). */
  leadByRarest?: 'when rare' | 'always' | 'never';
}

/** A word's postings are also kept as a set when it is in at least 1/DENSE_SHARE of the products. */
export const DENSE_SHARE = 16;

/** Where a word is looked for in a product: its document, its text, or its name. */
export type Field = 'document' | 'text' | 'name';

/** Positions per vocabulary word, collected in list order (so each list is sorted). */
class Postings {
  private readonly lists: number[][] = [];

  add(word: number, position: number): void {
    (this.lists[word] ??= []).push(position);
  }

  packed(): PackedLists {
    return PackedLists.pack(this.lists);
  }
}

function distinctWords(text: string | null): string[] {
  if (!text) return [];
  return [...new Set(text.split(' '))].filter((word) => word !== '');
}

/** The pieces a vocabulary word is found by: its trigrams, or its one- and two-letter pieces. */
export function piecesOf(word: readonly string[], size: number): Set<string> {
  const pieces = new Set<string>();
  for (let i = 0; i + size <= word.length; i += 1) pieces.add(word.slice(i, i + size).join(''));
  return pieces;
}

/** What a SearchIndex is made of, built by SearchIndex.build. */
export interface IndexParts {
  productIds: Int32Array;
  categoryOf: Int32Array;
  featured: ProductSet;
  vocabulary: string[];
  postings: Record<Field, PackedLists>;
  denseSets: Record<Field, Map<number, ProductSet>>;
  wordsByPiece: Map<string, Int32Array>;
  trigramIds: TrigramIds;
  nameTrigrams: PackedLists;
  productsByNameTrigram: PackedLists;
  denseNameTrigrams: Map<number, ProductSet>;
  categories: readonly SearchIndexCategory[];
  leadByRarest: NonNullable<SearchIndexOptions['leadByRarest']>;
}

/** How many products or words are indexed between two turns of the event loop. */
const BUILD_SLICE = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Indexes the published products (in list order) and the category tree. A large catalogue
 * takes seconds: the work is sliced so that the process keeps answering requests meanwhile.
 */
export async function buildIndexParts(
  products: readonly SearchIndexProduct[],
  categories: readonly SearchIndexCategory[],
  options: SearchIndexOptions = {},
): Promise<IndexParts> {
  const size = products.length;
  const featured = new ProductSet(size);
  const vocabulary: string[] = [];
  const wordIds = new Map<string, number>();
  const wordId = (word: string) => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = vocabulary.length;
      wordIds.set(word, id);
      vocabulary.push(word);
    }
    return id;
  };
  const document = new Postings();
  const text = new Postings();
  const name = new Postings();
  const byNameTrigram = new Postings();
  const trigramIds = new TrigramIds();
  const nameTrigramLists: Int32Array[] = [];
  for (let position = 0; position < size; position += 1) {
    if (position % BUILD_SLICE === BUILD_SLICE - 1) await nextTurn();
    const product = products[position]!;
    if (product.featured) featured.add(position);
    const textWords = distinctWords(product.search_text);
    const documentWords = new Set([...textWords, ...distinctWords(product.category_text)]);
    for (const word of documentWords) document.add(wordId(word), position);
    for (const word of textWords) text.add(wordId(word), position);
    for (const word of distinctWords(product.name_search)) name.add(wordId(word), position);
    const trigrams = trigramIds.encode(product.name_search);
    nameTrigramLists.push(trigrams);
    for (const trigram of new Set(trigrams)) byNameTrigram.add(trigram, position);
  }
  const postings = { document: document.packed(), text: text.packed(), name: name.packed() };
  const dense = (lists: PackedLists) => {
    const sets = new Map<number, ProductSet>();
    for (let word = 0; word < lists.count; word += 1) {
      if (lists.lengthOf(word) * DENSE_SHARE < size) continue;
      const set = new ProductSet(size);
      set.addAll(lists.get(word));
      sets.set(word, set);
    }
    return sets;
  };
  const piecesTo = new Map<string, number[]>();
  for (let id = 0; id < vocabulary.length; id += 1) {
    if (id % BUILD_SLICE === BUILD_SLICE - 1) await nextTurn();
    const letters = [...vocabulary[id]!];
    for (const size of [1, 2, 3]) {
      for (const piece of piecesOf(letters, size)) {
        let list = piecesTo.get(piece);
        if (!list) piecesTo.set(piece, (list = []));
        list.push(id);
      }
    }
  }
  const wordsByPiece = new Map<string, Int32Array>();
  for (const [piece, ids] of piecesTo) wordsByPiece.set(piece, Int32Array.from(ids));
  const productsByNameTrigram = byNameTrigram.packed();
  return {
    productIds: Int32Array.from(products, (product) => product.id),
    categoryOf: Int32Array.from(products, (product) => product.category_id ?? -1),
    featured,
    vocabulary,
    postings,
    denseSets: {
      document: dense(postings.document),
      text: dense(postings.text),
      name: dense(postings.name),
    },
    wordsByPiece,
    trigramIds,
    nameTrigrams: PackedLists.pack(nameTrigramLists),
    productsByNameTrigram,
    denseNameTrigrams: dense(productsByNameTrigram),
    categories,
    leadByRarest: options.leadByRarest ?? 'when rare',
  };
}
