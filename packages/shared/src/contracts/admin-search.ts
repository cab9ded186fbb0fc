import { z } from 'zod';
import { deletedIdResponseSchema, idParam, successShape } from './common.js';
import { hasControlCharacter } from '../backoffice-limits.js';
import {
  SYNONYM_TARGETS_MAX,
  SYNONYM_TERM_MAX_WORDS,
  SYNONYM_TEXT_MAX,
  synonymKey,
  synonymWords,
} from '../search-synonyms.js';

/**
 * The back office's search synonyms (docs/decisions/020): a word or phrase shoppers type and the
 * words it stands for in the catalogue. GET/POST /admin/search-synonyms, PUT/DELETE …/:id.
 */

interface TextKeys {
  required: string;
  tooLong: string;
  invalid: string;
}

/** One line of at most SYNONYM_TEXT_MAX characters, trimmed, with something a search can use. */
function synonymText(keys: TextKeys) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: keys.invalid })
      .refine((value) => !hasControlCharacter(value), keys.invalid)
      .transform((value) => value.trim().replace(/\s+/g, ' '))
      .pipe(
        z
          .string()
          .min(1, keys.required)
          .refine((value) => [...value].length <= SYNONYM_TEXT_MAX, keys.tooLong)
          .refine((value) => synonymKey(value) !== '', keys.invalid),
      ),
  );
}

const term = synonymText({
  required: 'search.term_required',
  tooLong: 'search.term_too_long',
  invalid: 'search.term_invalid',
}).refine(
  (value) => synonymWords(value).length <= SYNONYM_TERM_MAX_WORDS,
  'search.term_too_many_words',
);

const target = synonymText({
  required: 'search.target_invalid',
  tooLong: 'search.target_too_long',
  invalid: 'search.target_invalid',
});

// ---------- requests ----------

export const adminSynonymParamsSchema = z.object({ id: idParam });

/** POST and PUT: the whole synonym. Targets are kept once each (by their search key). */
export const adminSynonymBodySchema = z
  .object({
    term,
    targets: z
      .array(target, { error: 'search.targets_required' })
      .min(1, 'search.targets_required')
      .max(SYNONYM_TARGETS_MAX, 'search.targets_too_many')
      .transform((targets) => {
        const seen = new Set<string>();
        return targets.filter((value) => {
          const key = synonymKey(value);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      }),
  })
  .superRefine((body, context) => {
    const key = synonymKey(body.term);
    body.targets.forEach((value, index) => {
      if (synonymKey(value) === key) {
        context.addIssue({ code: 'custom', message: 'search.target_is_term', path: ['targets', index] });
      }
    });
  });
export type AdminSynonymBody = z.output<typeof adminSynonymBodySchema>;

// ---------- responses ----------

export const adminSynonymSchema = z.object({
  id: z.number().int(),
  term: z.string(),
  targets: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminSynonym = z.infer<typeof adminSynonymSchema>;

export const adminSynonymListResponseSchema = successShape({
  synonyms: z.array(adminSynonymSchema),
});
export type AdminSynonymListResponse = z.infer<typeof adminSynonymListResponseSchema>;

export const adminSynonymResponseSchema = successShape({ synonym: adminSynonymSchema });
export type AdminSynonymResponse = z.infer<typeof adminSynonymResponseSchema>;

export const adminSynonymDeleteResponseSchema = deletedIdResponseSchema;
export type AdminSynonymDeleteResponse = z.infer<typeof adminSynonymDeleteResponseSchema>;
