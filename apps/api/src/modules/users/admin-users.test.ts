import { verify } from '@node-rs/argon2';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, UserRoleName } from '@shop/shared';
import { fieldMessages, signedInStaff, type SignedIn } from '../../../test-support/admin-forms.js';
import { apiCaller, type TestHttpMethod } from '../../../test-support/http.js';
import { signedInAs } from '../../../test-support/staff.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { auditLog, orders, passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { createOrder, createUser } from '../../seed/factories.js';

let ctx: TestContext;
const call = apiCaller(() => ctx.app);
let admin: SignedIn;
let moderator: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin, moderator, customer } = await signedInStaff(ctx));
});
afterAll(() => ctx.close());

let made = 0;
/** A fresh e-mail address no other test uses. */
function freshEmail(prefix = 'person'): string {
  made += 1;
  return `${prefix}-${made}-${Date.now()}@example.com`;
}

/** The user form's fields for a new account, with `overrides`. */
function formFor(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'مريم العلي',
    email: freshEmail(),
    password: 'secret-pass',
    phone: '+965 5555-1234',
    address: 'حولي\nقطعة 3',
    role: 'customer',
    ...overrides,
  };
}

async function createViaApi(overrides: Record<string, unknown> = {}, by: SignedIn = admin): Promise<AdminUser> {
  const reply = await call('POST', '/api/admin/users', formFor(overrides), { token: by.token });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().user as AdminUser;
}

async function row(id: number) {
  const [found] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return found;
}

/** A live session for the user, as signing in makes one. */
function sessionFor(userId: number): Promise<string> {
  return ctx.app.services.accounts.createSession(userId);
}

async function sessionCount(userId: number): Promise<number> {
  const [result] = await ctx.database.db.select({ n: count() }).from(sessions).where(eq(sessions.user_id, userId));
  return result!.n;
}

/** The form of an existing user, ready to send back with changes. */
function formOf(user: AdminUser, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: user.name, email: user.email, phone: user.phone, address: user.address, role: user.role, ...overrides };
}

async function auditEntries(entityId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entity_id, entityId)))
    .orderBy(auditLog.id);
}

describe('permissions', () => {
  it('lets only administrators in: 401 without a session, 403 for customers and moderators', async () => {
    const target = await createUser(ctx.database.db, { email: freshEmail('guarded') });
    const routes: Array<[TestHttpMethod, string, unknown]> = [
      ['GET', '/api/admin/users', undefined],
      ['GET', `/api/admin/users/${target.id}`, undefined],
      ['POST', '/api/admin/users', formFor()],
      ['PUT', `/api/admin/users/${target.id}`, formFor({ password: undefined })],
      ['DELETE', `/api/admin/users/${target.id}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      const guest = await call(method, url, payload as object | undefined);
      expect(guest.statusCode, `${method} ${url} guest`).toBe(401);
      for (const who of [customer, moderator]) {
        const reply = await call(method, url, payload as object | undefined, { token: who.token });
        expect(reply.statusCode, `${method} ${url} ${who.user.role}`).toBe(403);
        expect(reply.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await row(target.id)).toMatchObject({ name: target.name, email: target.email });
  });
});

describe('GET /api/admin/users', () => {
  let tag: string;
  let oldest: AdminUser;
  let middle: AdminUser;
  let newest: AdminUser;

  beforeAll(async () => {
    tag = `zq${Date.now()}`;
    oldest = await createViaApi({ name: `Salem ${tag}`, email: `salem.${tag}@example.com`, role: 'customer' });
    middle = await createViaApi({ name: 'نورة الصباح', email: `NOURA.${tag}@Example.com`, role: 'moderator' });
    newest = await createViaApi({ name: `Fahad ${tag.toUpperCase()}`, email: freshEmail('fahad'), role: 'admin' });
  });

  it('lists users newest first, never with a password, with the counts of every user', async () => {
    const reply = await call('GET', '/api/admin/users', undefined, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    const ids = (body.users as AdminUser[]).map((user) => user.id);
    expect(ids.indexOf(newest.id)).toBeLessThan(ids.indexOf(middle.id));
    expect(ids.indexOf(middle.id)).toBeLessThan(ids.indexOf(oldest.id));
    expect(reply.body).not.toMatch(/password_hash|argon2/);
    expect(body.users.find((user: AdminUser) => user.id === middle.id)).toMatchObject({
      name: 'نورة الصباح',
      email: `noura.${tag}@example.com`,
      role: 'moderator',
      // Stored in its international form (decision 039).
      phone: '+96555551234',
      address: 'حولي\nقطعة 3',
      email_verified: true,
      has_password: true,
      order_count: 0,
      last_active_at: null,
    });
    expect(Number.isNaN(Date.parse(body.users[0].created_at))).toBe(false);

    const byRole = await ctx.database.db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
    const of = (role: UserRoleName) => byRole.find((entry) => entry.role === role)?.n ?? 0;
    expect(body.counts).toEqual({
      total: of('admin') + of('customer') + of('moderator'),
      admins: of('admin'),
      customers: of('customer'),
      moderators: of('moderator'),
    });
    expect(body.pagination).toMatchObject({ page: 1, limit: 20, total: body.counts.total });
  });

  it('searches the name or the e-mail ignoring case, and keeps the counts over every user', async () => {
    const all = (await call('GET', '/api/admin/users', undefined, { token: admin.token })).json();
    const reply = await call('GET', `/api/admin/users?search=${tag.toUpperCase()}`, undefined, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    const found = reply.json();
    expect((found.users as AdminUser[]).map((user) => user.id).sort()).toEqual([oldest.id, middle.id, newest.id].sort());
    expect(found.pagination.total).toBe(3);
    expect(found.counts).toEqual(all.counts);

    const arabic = await call('GET', `/api/admin/users?search=${encodeURIComponent('الصباح')}`, undefined, { token: admin.token });
    expect((arabic.json().users as AdminUser[]).map((user) => user.id)).toContain(middle.id);
    // Wildcards are taken literally.
    const wildcard = await call('GET', '/api/admin/users?search=%25', undefined, { token: admin.token });
    expect(wildcard.json().users).toEqual([]);
  });

  it('filters by role and pages on the server', async () => {
    const moderators = await call('GET', `/api/admin/users?role=moderator&search=${tag}`, undefined, { token: admin.token });
    expect((moderators.json().users as AdminUser[]).map((user) => user.id)).toEqual([middle.id]);
    const everyRole = await call('GET', `/api/admin/users?role=&search=${tag}`, undefined, { token: admin.token });
    expect(everyRole.json().users).toHaveLength(3);

    const first = (await call('GET', `/api/admin/users?search=${tag}&limit=2&page=1`, undefined, { token: admin.token })).json();
    const second = (await call('GET', `/api/admin/users?search=${tag}&limit=2&page=2`, undefined, { token: admin.token })).json();
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect((first.users as AdminUser[]).map((user) => user.id)).toEqual([newest.id, middle.id]);
    expect((second.users as AdminUser[]).map((user) => user.id)).toEqual([oldest.id]);
  });

  it('refuses bad filters with a 400 in the request’s language', async () => {
    for (const query of ['role=owner', 'page=0', 'page=abc', 'limit=1000', `search=${'x'.repeat(201)}`]) {
      const reply = await call('GET', `/api/admin/users?${query}`, undefined, { token: admin.token, lang: 'ar' });
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_ERROR');
    }
    const role = await call('GET', '/api/admin/users?role=owner', undefined, { token: admin.token, lang: 'ar' });
    expect(fieldMessages(role).role).toBe('الدور يجب أن يكون عميل أو مشرف أو مدير');
  });

  it('shows the latest use of an open session and the orders placed', async () => {
    const person = await createViaApi();
    await sessionFor(person.id);
    await createOrder(ctx.database.db, { user_id: person.id });
    const reply = await call('GET', `/api/admin/users/${person.id}`, undefined, { token: admin.token });
    expect(reply.json().user.order_count).toBe(1);
    expect(reply.json().user.last_active_at).not.toBeNull();
  });
});

describe('GET /api/admin/users/:id', () => {
  it('answers one user, 404 for none, 400 for an id that is not one', async () => {
    const person = await createViaApi({ role: 'moderator' });
    const reply = await call('GET', `/api/admin/users/${person.id}`, undefined, { token: admin.token });
    expect(reply.statusCode).toBe(200);
    // The user as the list shows them, with their orders' figures (none yet) and, for staff,
    // whether they get new-order e-mails (a moderator's default: no).
    expect(reply.json().user).toEqual({ ...person, orders_count: 0, total_spent: 0, last_order_at: null, new_order_alerts: false });

    const missing = await call('GET', '/api/admin/users/987654', undefined, { token: admin.token, lang: 'ar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('المستخدم غير موجود');
    for (const bad of ['abc', '0', '1.5', '01', '99999999999']) {
      expect((await call('GET', `/api/admin/users/${bad}`, undefined, { token: admin.token })).statusCode, bad).toBe(400);
    }
  });
});

describe('POST /api/admin/users', () => {
  it('creates a verified account of the role with a hashed password, a username and an audit entry', async () => {
    const email = freshEmail('Created');
    const reply = await call('POST', '/api/admin/users', formFor({ name: '  خالد  المطيري ', email: `  ${email.toUpperCase()} `, role: 'moderator' }), {
      token: admin.token,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const user = reply.json().user as AdminUser;
    expect(user).toMatchObject({ name: 'خالد  المطيري', email: email.toLowerCase(), role: 'moderator', email_verified: true });
    const stored = (await row(user.id))!;
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(stored.password_hash!, 'secret-pass')).toBe(true);
    expect(stored.username).toBe(user.username);
    expect(stored.username).toMatch(/^created-\d+-\d+/);
    expect(stored).toMatchObject({ first_name: 'خالد', last_name: 'المطيري' });

    // The new account signs in with the password the administrator chose.
    const login = await call('POST', '/api/auth/login', { email, password: 'secret-pass' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.permissions).toContain('orders.manage');

    const [entry] = await auditEntries(user.id);
    expect(entry).toMatchObject({ action: 'create', actor_id: admin.user.id });
    expect(JSON.stringify(entry!.changes)).not.toMatch(/password|argon2/);
    expect(entry!.changes).toMatchObject({ role: { from: null, to: 'moderator' } });
  });

  it('defaults the role to customer and stores empty optional fields as none', async () => {
    const reply = await call('POST', '/api/admin/users', { name: 'Ali', email: freshEmail(), password: '123456', phone: ' ', address: '' }, { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().user).toMatchObject({ role: 'customer', phone: null, address: null });
  });

  it('refuses each invalid field with its own message in the request’s language', async () => {
    const bad = { name: ' x ', email: 'not-an-email', password: '12345', phone: '5555-abc', role: 'owner' };
    const english = await call('POST', '/api/admin/users', bad, { token: admin.token, lang: 'en' });
    expect(english.statusCode).toBe(400);
    expect(english.json().code).toBe('VALIDATION_ERROR');
    expect(fieldMessages(english)).toEqual({
      name: 'Name must be at least 2 characters long',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters long',
      phone: 'Enter a valid phone number: 8 to 15 digits; spaces, hyphens, parentheses and a leading + are allowed',
      role: 'The role must be customer, moderator or admin',
    });
    const arabic = await call('POST', '/api/admin/users', {}, { token: admin.token, lang: 'ar' });
    expect(arabic.statusCode).toBe(400);
    expect(fieldMessages(arabic)).toMatchObject({
      name: 'الاسم الكامل مطلوب',
      email: 'البريد الإلكتروني مطلوب',
      password: 'كلمة المرور مطلوبة',
    });
    // Phones of the accepted pattern pass: digits, spaces, hyphens, parentheses, a leading plus.
    for (const phone of ['(965) 2222-3333', '+96522223333', '٩٩٩٩٨٨٨٨']) {
      const ok = await call('POST', '/api/admin/users', formFor({ phone }), { token: admin.token });
      expect(ok.statusCode, phone).toBe(201);
    }
    for (const phone of ['965+22223333', '2222.3333', '1234']) {
      const refused = await call('POST', '/api/admin/users', formFor({ phone }), { token: admin.token });
      expect(fieldMessages(refused), phone).toHaveProperty('phone');
    }
  });

  it('answers USER_EXISTS on the email field for a taken address, any case, in both languages', async () => {
    const existing = await createViaApi();
    for (const [lang, message] of [
      ['en', 'This email is already in use'],
      ['ar', 'هذا البريد الإلكتروني مستخدم بالفعل'],
    ] as const) {
      const reply = await call('POST', '/api/admin/users', formFor({ email: existing.email.toUpperCase() }), { token: admin.token, lang });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ success: false, code: 'USER_EXISTS', message, details: [{ field: 'email', message }] });
    }
    const [taken] = await ctx.database.db.select({ n: count() }).from(users).where(eq(users.email, existing.email));
    expect(taken!.n).toBe(1);
  });

  it('lets only one of two creates with the same e-mail through', async () => {
    const email = freshEmail('race');
    const replies = await Promise.all([1, 2].map(() => call('POST', '/api/admin/users', formFor({ email }), { token: admin.token })));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('saves the form, keeps the password when none is sent and leaves the sessions alone', async () => {
    const person = await createViaApi();
    const token = await sessionFor(person.id);
    const hashBefore = (await row(person.id))!.password_hash;
    const reply = await call('PUT', `/api/admin/users/${person.id}`, formOf(person, { name: 'اسم جديد', phone: '', address: 'الجهراء', password: '' }), {
      token: admin.token,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().user).toMatchObject({ name: 'اسم جديد', phone: null, address: 'الجهراء', role: 'customer' });
    expect((await row(person.id))!.password_hash).toBe(hashBefore);
    expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(200);

    const entries = await auditEntries(person.id);
    expect(entries.at(-1)).toMatchObject({ action: 'update', actor_id: admin.user.id });
    expect(entries.at(-1)!.changes).toMatchObject({ name: { from: person.name, to: 'اسم جديد' } });
    expect(entries.at(-1)!.changes).not.toHaveProperty('sessions_ended');
  });

  it('a new password: stored hashed, every session ended, open reset links voided, never in the trail', async () => {
    const person = await createViaApi();
    const tokens = [await sessionFor(person.id), await sessionFor(person.id)];
    await ctx.database.db.insert(passwordResetTokens).values({ user_id: person.id, token_hash: `h${Date.now()}`, expires_at: new Date(Date.now() + 3_600_000) });
    const reply = await call('PUT', `/api/admin/users/${person.id}`, formOf(person, { password: 'brand-new-pass' }), { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await verify((await row(person.id))!.password_hash!, 'brand-new-pass')).toBe(true);
    for (const token of tokens) {
      expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(401);
    }
    expect(await sessionCount(person.id)).toBe(0);
    const [links] = await ctx.database.db.select({ n: count() }).from(passwordResetTokens).where(eq(passwordResetTokens.user_id, person.id));
    expect(links!.n).toBe(0);
    const entry = (await auditEntries(person.id)).at(-1)!;
    expect(entry.changes).toMatchObject({ credentials_changed: { from: null, to: true }, sessions_ended: { from: null, to: true } });
    expect(JSON.stringify(entry.changes)).not.toMatch(/brand-new-pass|argon2|password/);
  });

  it('a new role ends every session of the user', async () => {
    const person = await createViaApi({ role: 'customer' });
    const token = await sessionFor(person.id);
    const reply = await call('PUT', `/api/admin/users/${person.id}`, formOf(person, { role: 'moderator' }), { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().user.role).toBe('moderator');
    expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(401);
  });

  it('an administrator setting their own password stays signed in on this session only', async () => {
    const self = await signedInAs(ctx, 'admin');
    const other = await sessionFor(self.user.id);
    const current = (await call('GET', `/api/admin/users/${self.user.id}`, undefined, { token: self.token })).json().user as AdminUser;
    const reply = await call('PUT', `/api/admin/users/${self.user.id}`, formOf(current, { password: 'my-new-pass' }), { token: self.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await call('GET', '/api/auth/profile', undefined, { token: self.token })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/profile', undefined, { token: other })).statusCode).toBe(401);
  });

  it('a new e-mail: lower-cased, counted as verified; a taken one is USER_EXISTS on the email field', async () => {
    const person = await createViaApi();
    const other = await createViaApi();
    await ctx.database.db.update(users).set({ email_verified_at: null }).where(eq(users.id, person.id));
    const email = freshEmail('Moved');
    const reply = await call('PUT', `/api/admin/users/${person.id}`, formOf(person, { email: ` ${email.toUpperCase()}` }), { token: admin.token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().user).toMatchObject({ email: email.toLowerCase(), email_verified: true });

    for (const [lang, message] of [
      ['en', 'This email is already in use'],
      ['ar', 'هذا البريد الإلكتروني مستخدم بالفعل'],
    ] as const) {
      const taken = await call('PUT', `/api/admin/users/${person.id}`, formOf(person, { email: other.email }), { token: admin.token, lang });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'USER_EXISTS', details: [{ field: 'email', message }] });
    }
    // Its own address is not "taken".
    const same = await call('PUT', `/api/admin/users/${other.id}`, formOf(other), { token: admin.token });
    expect(same.statusCode).toBe(200);
  });

  it('refuses invalid fields, a missing role, an unknown user and a bad id', async () => {
    const person = await createViaApi();
    const bad = await call('PUT', `/api/admin/users/${person.id}`, formOf(person, { password: '123', name: 'a', role: undefined }), { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldMessages(bad)).sort()).toEqual(['name', 'password', 'role']);
    expect((await call('PUT', '/api/admin/users/987654', formOf(person), { token: admin.token })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/users/x1', formOf(person), { token: admin.token })).statusCode).toBe(400);
    expect((await row(person.id))!.name).toBe(person.name);
  });

  it('an administrator cannot lower their own role (409 in the request’s language)', async () => {
    const self = await signedInAs(ctx, 'admin');
    const current = (await call('GET', `/api/admin/users/${self.user.id}`, undefined, { token: self.token })).json().user as AdminUser;
    for (const role of ['moderator', 'customer']) {
      const reply = await call('PUT', `/api/admin/users/${self.user.id}`, formOf(current, { role }), { token: self.token, lang: 'ar' });
      expect(reply.statusCode).toBe(409);
      expect(reply.json()).toMatchObject({ code: 'CONFLICT', message: 'لا يمكنك تخفيض دورك بنفسك؛ يمكن لمدير آخر أن يفعل ذلك' });
    }
    expect((await row(self.user.id))!.role).toBe('admin');
    // Another administrator can.
    const demoted = await call('PUT', `/api/admin/users/${self.user.id}`, formOf(current, { role: 'moderator' }), { token: admin.token });
    expect(demoted.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/users', undefined, { token: self.token })).statusCode).toBe(401);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes the account, ends its sessions and keeps its orders detached with their snapshots', async () => {
    const person = await createViaApi();
    const token = await sessionFor(person.id);
    const { order: placed } = await createOrder(ctx.database.db, { user_id: person.id, customer_name: 'مريم العلي' });
    await createOrder(ctx.database.db, { user_id: person.id });
    const reply = await call('DELETE', `/api/admin/users/${person.id}`, undefined, { token: admin.token, lang: 'ar' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: 'تم حذف المستخدم، وبقيت طلباته محفوظة', orders_kept: 2 });
    expect(await row(person.id)).toBeUndefined();
    expect(await sessionCount(person.id)).toBe(0);
    expect((await call('GET', '/api/auth/profile', undefined, { token })).statusCode).toBe(401);
    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(kept).toMatchObject({ user_id: null, customer_name: 'مريم العلي', order_number: placed.order_number });

    const [entry] = (await auditEntries(person.id)).filter((item) => item.action === 'delete');
    expect(entry).toMatchObject({ actor_id: admin.user.id });
    expect(entry!.changes).toMatchObject({ email: { from: person.email, to: null }, orders_kept: { from: 2, to: null } });
    expect(JSON.stringify(entry!.changes)).not.toMatch(/argon2|password/);

    expect((await call('DELETE', `/api/admin/users/${person.id}`, undefined, { token: admin.token })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/users/0', undefined, { token: admin.token })).statusCode).toBe(400);
  });

  it('an administrator cannot delete themself', async () => {
    const reply = await call('DELETE', `/api/admin/users/${admin.user.id}`, undefined, { token: admin.token });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot delete your own account from the back office; another administrator can do it',
    });
    expect(await row(admin.user.id)).toBeDefined();
  });

  it('deletes another administrator and a moderator', async () => {
    for (const role of ['admin', 'moderator'] as const) {
      const other = await createViaApi({ role });
      expect((await call('DELETE', `/api/admin/users/${other.id}`, undefined, { token: admin.token })).statusCode).toBe(200);
    }
  });
});

describe('the last administrator', () => {
  /** Runs `check` with `keep` as the only administrator; the others get their role back after. */
  async function withOnlyAdministrator(keep: number, check: () => Promise<void>): Promise<void> {
    const db = ctx.database.db;
    const others = await db
      .update(users)
      .set({ role: 'moderator' })
      .where(and(eq(users.role, 'admin'), ne(users.id, keep)))
      .returning({ id: users.id });
    try {
      await check();
    } finally {
      if (others.length > 0) {
        await db.update(users).set({ role: 'admin' }).where(inArray(users.id, others.map((other) => other.id)));
      }
    }
  }

  it('is neither demoted nor deleted, whoever asks', async () => {
    const last = await createUser(ctx.database.db, { role: 'admin', email: freshEmail('last') });
    const service = ctx.app.services.adminUsers;
    // The service is asked directly: through HTTP only an administrator reaches it, and the
    // last administrator asking about themself meets the self rules first.
    const someoneElse = { id: customer.user.id, email: customer.user.email, sessionId: 0 };
    await withOnlyAdministrator(last.id, async () => {
      await expect(
        service.update(someoneElse, last.id, {
          name: last.name,
          email: last.email,
          phone: null,
          address: null,
          role: 'customer',
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT', messageKey: 'users.last_admin_demote' });
      await expect(service.remove(someoneElse, last.id)).rejects.toMatchObject({
        code: 'CONFLICT',
        messageKey: 'users.last_admin_delete',
      });
    });
    expect((await row(last.id))!.role).toBe('admin');
  });

  it('stays when two administrators demote each other at the same time', async () => {
    const first = await signedInAs(ctx, 'admin');
    const second = await signedInAs(ctx, 'admin');
    const formOfRow = (user: typeof first.user) => ({ name: user.name, email: user.email, role: 'customer' });
    await withOnlyAdministrator(first.user.id, async () => {
      await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, second.user.id));
      const replies = await Promise.all([
        call('PUT', `/api/admin/users/${second.user.id}`, formOfRow(second.user), { token: first.token }),
        call('PUT', `/api/admin/users/${first.user.id}`, formOfRow(first.user), { token: second.token }),
      ]);
      // One wins; the other is refused: 409 when both got in at once, 401 when the winner had
      // already ended the loser's sessions.
      expect(replies.map((reply) => reply.statusCode).filter((status) => status === 200)).toHaveLength(1);
      const [admins] = await ctx.database.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), inArray(users.id, [first.user.id, second.user.id])));
      expect(admins!.n).toBe(1);
    });
  });
});
