import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminUser,
  AdminUserCounts,
  AdminUserDetail,
  AdminUserCreate,
  AdminUserListQuery,
  AdminUserUpdate,
  ApiMessageKey,
  Pagination,
} from '@shop/shared';
import { newOrderAlertsOn } from '@shop/shared';
import type { Database, Executor } from '../../db/client.js';
import { orders, sessions, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { storedPhone } from '../../lib/contact.js';
import {
  type AccountsService,
  isUniqueViolation,
  splitFullName,
  uniqueUsername,
  type UserRow,
} from '../accounts/index.js';
import type { DomainEvents } from '../../events.js';
import type { Actor } from '../../lib/actor.js';
import { customerOrderFigures } from '../orders/index.js';

/**
 * The back office's users (docs/decisions/014 and 008). Everything an
 * account already does is the accounts service's: hashing passwords, ending sessions, voiding
 * reset links, deleting an account (its orders stay, detached). This service adds what only an
 * administrator does: the list with its counts, accounts of any role, and the rules that keep the
 * store administered: nobody demotes or deletes themself, and the last administrator stays.
 * Every write runs in one transaction with its audit entry (never a password or its hash).
 */

export interface AdminUsersDependencies {
  accounts: AccountsService;
  /** Where each write records itself for the activity trail (ActivityRecorded), in its transaction. */
  events: DomainEvents;
}

/** The administrator making a change, and their session (kept when they set their own password). */
export interface UserActor extends Actor {
  sessionId: number;
}

/** How many times a create is tried again after losing a race for a generated username. */
const USERNAME_ATTEMPTS = 3;

const notFound = () => AppError.notFound('users.not_found');
const emailTaken = () =>
  new AppError('USER_EXISTS', 'users.email_taken', [{ field: 'email', message: 'users.email_taken' }]);
const conflict = (messageKey: ApiMessageKey) => new AppError('CONFLICT', messageKey);

/** The columns of a user as the back office sees them: never the password hash itself. */
const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  address: users.address,
  role: users.role,
  created_at: users.created_at,
  email_verified: sql<boolean>`${users.email_verified_at} is not null`.mapWith(Boolean),
  has_password: sql<boolean>`${users.password_hash} is not null`.mapWith(Boolean),
  // The sessions_user_id_idx and orders_user_id_idx indexes answer these per row. The outer
  // column is written out: drizzle leaves the columns of a one-table select unqualified.
  last_active_at: sql<Date | null>`(select max(s.last_used_at) from ${sessions} s
      where s.user_id = ${users}."id" and s.expires_at > now())`.mapWith(sessions.last_used_at),
  order_count: sql<number>`(select count(*) from ${orders} o where o.user_id = ${users}."id")`.mapWith(Number),
};

function selectUsers(executor: Executor) {
  return executor.select(userColumns).from(users);
}
type UserListRow = Awaited<ReturnType<typeof selectUsers>>[number];

function presentAdminUser(row: UserListRow): AdminUser {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    last_active_at: row.last_active_at ? row.last_active_at.toISOString() : null,
  };
}

/** A user row as the audit trail records it: without the password hash. */
function auditable(row: UserRow): Record<string, unknown> {
  const { password_hash: _hash, ...rest } = row;
  return rest;
}

/** A LIKE pattern that finds the text anywhere, with its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function listFilter(query: AdminUserListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(${users.name} ilike ${pattern} escape '\\' or ${users.email} ilike ${pattern} escape '\\')`);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function createAdminUsersService(db: Database, deps: AdminUsersDependencies) {
  const { accounts, events } = deps;

  async function loadUser(executor: Executor, id: number): Promise<AdminUser> {
    const [row] = await selectUsers(executor).where(eq(users.id, id));
    if (!row) throw notFound();
    return presentAdminUser(row);
  }

  /**
   * Locks every administrator's row until the transaction ends and returns their ids: two
   * administrators demoting or deleting each other at once are served one after the other, so
   * the second sees that only one administrator is left.
   */
  async function lockAdministrators(tx: Executor): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  /** The e-mail belongs to another account than `exceptId`. */
  async function emailUsedElsewhere(email: string, exceptId?: number): Promise<boolean> {
    const owner = await accounts.findByEmail(email);
    return owner !== undefined && owner.id !== exceptId;
  }

  return {
    /** A page of users, newest first, with the counts of every user by role. */
    async list(
      query: AdminUserListQuery,
    ): Promise<{ users: AdminUser[]; pagination: Pagination; counts: AdminUserCounts }> {
      const where = listFilter(query);
      const [rows, [matching], [counts]] = await Promise.all([
        selectUsers(db)
          .where(where)
          .orderBy(desc(users.created_at), desc(users.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(users).where(where),
        db
          .select({
            total: count(),
            admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
            customers: sql<number>`count(*) filter (where ${users.role} = 'customer')`.mapWith(Number),
            moderators: sql<number>`count(*) filter (where ${users.role} = 'moderator')`.mapWith(Number),
          })
          .from(users),
      ]);
      const total = matching?.total ?? 0;
      return {
        users: rows.map(presentAdminUser),
        pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
        counts: counts ?? { total: 0, admins: 0, customers: 0, moderators: 0 },
      };
    },

    /** One user with their orders' count, spend and latest order (the customer's panel). */
    async get(id: number): Promise<AdminUserDetail> {
      const [user, figures, [alerts]] = await Promise.all([
        loadUser(db, id),
        customerOrderFigures(db, id),
        db.select({ choice: users.new_order_alerts }).from(users).where(eq(users.id, id)),
      ]);
      const staff = user.role !== 'customer';
      return { ...user, ...figures, ...(staff ? { new_order_alerts: newOrderAlertsOn(user.role, alerts?.choice ?? null) } : {}) };
    },

    /**
     * Creates an account of any role with the password the administrator chose. Its e-mail counts
     * as verified: the administrator vouches for it (the person may sign in at once).
     */
    async create(actor: Actor, input: AdminUserCreate): Promise<AdminUser> {
      const password_hash = await accounts.hashPassword(input.password);
      if (await emailUsedElsewhere(input.email)) throw emailTaken();
      // Two creates may race for an e-mail or a generated username: the unique indexes decide.
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await events.transaction(db, async (tx) => {
            const [row] = await tx
              .insert(users)
              .values({
                username: await uniqueUsername(tx, input.email),
                name: input.name,
                ...splitFullName(input.name),
                email: input.email,
                phone: storedPhone(input.phone),
                address: input.address,
                role: input.role,
                password_hash,
                email_verified_at: new Date(),
              })
              .returning();
            await events.publish(tx, {
              type: 'ActivityRecorded',
              actor,
              entity: 'users',
              entityId: row!.id,
              action: 'create',
              after: auditable(row!),
            });
            return loadUser(tx, row!.id);
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (await emailUsedElsewhere(input.email)) throw emailTaken();
          if (attempt >= USERNAME_ATTEMPTS) throw error;
        }
      }
    },

    /**
     * Saves the form over the account. An empty password keeps the current one. A new role or a
     * new password ends every session of the account (but the one making the change, when an
     * administrator sets their own password); a new password or e-mail voids open reset links.
     * A new e-mail counts as verified, like one given on create. Nobody lowers their own role,
     * and the last administrator keeps theirs.
     */
    async update(actor: UserActor, id: number, input: AdminUserUpdate): Promise<AdminUser> {
      const password_hash = input.password === undefined ? undefined : await accounts.hashPassword(input.password);
      await loadUser(db, id);
      if (await emailUsedElsewhere(input.email, id)) throw emailTaken();
      try {
        return await events.transaction(db, async (tx) => {
          // The administrators' rows first, then the user's: every write here locks in that order.
          const administrators = input.role === 'admin' ? [] : await lockAdministrators(tx);
          const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
          if (!before) throw notFound();
          if (before.role === 'admin' && input.role !== 'admin') {
            if (id === actor.id) throw conflict('users.cannot_demote_self');
            if (administrators.length <= 1) throw conflict('users.last_admin_demote');
          }
          const emailChanged = input.email !== before.email;
          const roleChanged = input.role !== before.role;
          const [after] = await tx
            .update(users)
            .set({
              name: input.name,
              ...(input.name === before.name ? {} : splitFullName(input.name)),
              email: input.email,
              phone: storedPhone(input.phone),
              address: input.address,
              role: input.role,
              ...(password_hash === undefined ? {} : { password_hash }),
              ...(emailChanged ? { email_verified_at: new Date() } : {}),
              updated_at: new Date(),
            })
            .where(eq(users.id, id))
            .returning();
          const sessionsEnded = roleChanged || password_hash !== undefined;
          if (sessionsEnded) await accounts.endSessions(tx, id, id === actor.id ? actor.sessionId : undefined);
          if (password_hash !== undefined || emailChanged) await accounts.voidResetLinks(tx, id);
          await events.publish(tx, {
            type: 'ActivityRecorded',
            actor,
            entity: 'users',
            entityId: id,
            action: 'update',
            before: auditable(before),
            // Whether the sign-in changed and the sessions ended, never the password itself.
            after: {
              ...auditable(after!),
              ...(password_hash === undefined ? {} : { credentials_changed: true }),
              ...(sessionsEnded ? { sessions_ended: true } : {}),
            },
          });
          return loadUser(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * Deletes the account through the accounts service (its sessions go, its orders stay with
     * their snapshots, detached). Nobody deletes themself here, nor the last administrator.
     */
    async remove(actor: Actor, id: number): Promise<{ orders_kept: number }> {
      if (id === actor.id) throw conflict('users.cannot_delete_self');
      return events.transaction(db, async (tx) => {
        const administrators = await lockAdministrators(tx);
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        if (!before) throw notFound();
        if (before.role === 'admin' && administrators.length <= 1) throw conflict('users.last_admin_delete');
        const [placed] = await tx.select({ n: count() }).from(orders).where(eq(orders.user_id, id));
        const ordersKept = placed?.n ?? 0;
        await accounts.removeAccount(tx, id);
        await events.publish(tx, {
          type: 'ActivityRecorded',
          actor,
          entity: 'users',
          entityId: id,
          action: 'delete',
          before: { ...auditable(before), orders_kept: ordersKept },
        });
        return { orders_kept: ordersKept };
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
