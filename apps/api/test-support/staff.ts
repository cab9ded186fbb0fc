import type { UserRoleName } from '@shop/shared';
import { createUser } from '../src/seed/factories.js';
import type { TestContext } from './test-app.js';

let staffCount = 0;

/** A new account of the role with a live session: its user row and bearer token. */
export async function signedInAs(ctx: TestContext, role: UserRoleName) {
  staffCount += 1;
  const user = await createUser(ctx.database.db, {
    role,
    email: `${role}-${staffCount}-${Date.now()}@staff.test`,
    username: `${role}_${staffCount}_${Date.now()}`,
  });
  const token = await ctx.app.services.accounts.createSession(user.id);
  return { user, token };
}
