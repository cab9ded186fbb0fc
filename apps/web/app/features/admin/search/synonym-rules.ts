import {
  SYNONYM_TARGETS_MAX,
  SYNONYM_TERM_MAX_WORDS,
  SYNONYM_TEXT_MAX,
  hasControlCharacter,
  matchesSearch,
  splitSynonymTargets,
  synonymKey,
  synonymWords,
  type AdminSynonym,
} from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';

/**
 * The rules of the search words tab and its form (docs/decisions/020): what is checked before
 * sending (the server checks it all again with the same shared limits), the JSON body of
 * POST/PUT /api/admin/search-synonyms, and the list's filter.
 */

export interface SynonymForm {
  /** The word or phrase shoppers type. */
  term: string;
  /** The words it stands for, as typed: separated by commas or new lines. */
  targets: string;
}

/** The form's fields in screen order (the focus goes to the first invalid one). */
export const synonymFields = ['term', 'targets'] as const;
export type SynonymField = (typeof synonymFields)[number];

export const emptySynonymForm: SynonymForm = { term: '', targets: '' };

/** The form of a stored synonym: one target per line. */
export function synonymFormFrom(synonym: Pick<AdminSynonym, 'term' | 'targets'>): SynonymForm {
  return { term: synonym.term, targets: synonym.targets.join('\n') };
}

/** Whether the form differs from where it started (spacing and repeated targets aside). */
export function isSynonymFormDirty(form: SynonymForm, initial: SynonymForm): boolean {
  if (form.term.trim() !== initial.term.trim()) return true;
  return splitSynonymTargets(form.targets).join('\n') !== splitSynonymTargets(initial.targets).join('\n');
}

/** The checks before sending: the same limits as the server's contract. */
export function synonymFormProblems(form: SynonymForm): Partial<Record<SynonymField, MessageKey>> {
  const problems: Partial<Record<SynonymField, MessageKey>> = {};
  const term = form.term.trim();
  if (!term) problems.term = 'admin-search.validation.term_required';
  else if ([...term].length > SYNONYM_TEXT_MAX) problems.term = 'admin-search.validation.term_too_long';
  else if (hasControlCharacter(term) || synonymKey(term) === '') problems.term = 'admin-search.validation.term_invalid';
  else if (synonymWords(term).length > SYNONYM_TERM_MAX_WORDS) problems.term = 'admin-search.validation.term_too_many_words';

  const targets = splitSynonymTargets(form.targets);
  if (targets.length === 0) problems.targets = 'admin-search.validation.targets_required';
  else if (targets.length > SYNONYM_TARGETS_MAX) problems.targets = 'admin-search.validation.targets_too_many';
  else if (targets.some((target) => [...target].length > SYNONYM_TEXT_MAX)) problems.targets = 'admin-search.validation.target_too_long';
  else if (targets.some((target) => synonymKey(target) === '')) problems.targets = 'admin-search.validation.target_invalid';
  else if (term && targets.some((target) => synonymKey(target) === synonymKey(term))) problems.targets = 'admin-search.validation.target_is_term';
  return problems;
}

/** The JSON body of POST /api/admin/search-synonyms and PUT …/:id (a checked form). */
export function synonymBody(form: SynonymForm): { term: string; targets: string[] } {
  return { term: form.term.trim(), targets: splitSynonymTargets(form.targets) };
}

/** The synonyms whose term or targets hold every word of the filter (any spelling, with or without the article). */
export function filterSynonyms<Row extends Pick<AdminSynonym, 'term' | 'targets'>>(rows: readonly Row[], query: string): Row[] {
  if (!query.trim()) return [...rows];
  return rows.filter((row) => matchesSearch(`${row.term} ${row.targets.join(' ')}`, query));
}
