/**
 * pg_trgm.word_similarity_threshold, which every database session of the shop sets (client.ts)
 * and the catalogue's in-process search index uses (modules/search/word-similarity.ts): low
 * enough to forgive a typo in a short Arabic word. The setting is a double; similarities are
 * float4 values compared with it.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;
