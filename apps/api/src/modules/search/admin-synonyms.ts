import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { synonymKey, type AdminSynonym, type AdminSynonymBody } from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { searchSynonyms } from '../../db/schema/search.js';
import { AppError } from '../../errors.js';
import { publishedWrite } from '../../lib/published-write.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';

/**
 * The back office's search synonyms (docs/decisions/020): list, create, change, delete. One entry
 * per term key (normalised, without the Arabic article), checked under a lock inside the write's
 * transaction. Every write publishes 'catalog': the listing caches, which hold the synonyms and
 * the searches made with them, are dropped in every process.
 */

export interface SynonymsAdminDeps {
  /** Where each write tells of itself (SearchWordsChanged, ActivityRecorded), inside its transaction. */
  events: DomainEvents;
}

/** Serialises synonym creates and changes, so the key check is exact. */
const SYNONYM_KEYS_LOCK = 7_331_807;

type SynonymRow = typeof searchSynonyms.$inferSelect;

function present(row: SynonymRow): AdminSynonym {
  return {
    id: row.id,
    term: row.term,
    targets: row.targets,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const termTaken = () =>
  new AppError('CONFLICT', 'search.term_taken', [{ field: 'term', message: 'search.term_taken' }]);

const notFound = () => AppError.notFound('search.not_found');

export function createSynonymsAdminService(db: Database, deps: SynonymsAdminDeps) {
  const { events } = deps;

  async function ensureKeyFree(tx: Executor, key: string, exceptId?: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNONYM_KEYS_LOCK})`);
    const [clash] = await tx
      .select({ id: searchSynonyms.id })
      .from(searchSynonyms)
      .where(
        and(
          eq(searchSynonyms.term_key, key),
          exceptId === undefined ? undefined : ne(searchSynonyms.id, exceptId),
        ),
      )
      .limit(1);
    if (clash) throw termTaken();
  }

  async function lock(tx: Executor, id: number): Promise<SynonymRow> {
    const [row] = await tx
      .select()
      .from(searchSynonyms)
      .where(eq(searchSynonyms.id, id))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  const write = publishedWrite(db, events, { type: 'SearchWordsChanged' });

  return {
    /** Every synonym, by term (its key, so "Amber" and "amber" sort together). */
    async list(): Promise<AdminSynonym[]> {
      const rows = await db
        .select()
        .from(searchSynonyms)
        .orderBy(asc(searchSynonyms.term_key), asc(searchSynonyms.id));
      return rows.map(present);
    },

    async get(id: number): Promise<AdminSynonym> {
      const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
      if (!row) throw notFound();
      return present(row);
    },

    async create(actor: Actor, input: AdminSynonymBody): Promise<AdminSynonym> {
      const row = await write(async (tx) => {
        const key = synonymKey(input.term);
        await ensureKeyFree(tx, key);
        const [created] = await tx
          .insert(searchSynonyms)
          .values({ term: input.term, term_key: key, targets: input.targets })
          .returning();
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'search_synonyms',
          entityId: created!.id,
          action: 'create',
          after: { term: created!.term, targets: created!.targets },
        });
        return created!;
      });
      return present(row);
    },

    async update(actor: Actor, id: number, input: AdminSynonymBody): Promise<AdminSynonym> {
      const row = await write(async (tx) => {
        const before = await lock(tx, id);
        const key = synonymKey(input.term);
        if (key !== before.term_key) await ensureKeyFree(tx, key, id);
        const unchanged =
          before.term === input.term &&
          JSON.stringify(before.targets) === JSON.stringify(input.targets);
        if (unchanged) return before;
        const [updated] = await tx
          .update(searchSynonyms)
          .set({ term: input.term, term_key: key, targets: input.targets, updated_at: new Date() })
          .where(eq(searchSynonyms.id, id))
          .returning();
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'search_synonyms',
          entityId: id,
          action: 'update',
          before: { term: before.term, targets: before.targets },
          after: { term: updated!.term, targets: updated!.targets },
        });
        return updated!;
      });
      return present(row);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await write(async (tx) => {
        const before = await lock(tx, id);
        await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id));
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'search_synonyms',
          entityId: id,
          action: 'delete',
          before: { term: before.term, targets: before.targets },
        });
      });
    },
  };
}

export type SynonymsAdminService = ReturnType<typeof createSynonymsAdminService>;
