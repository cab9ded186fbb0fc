import { describe, expect, it } from 'vitest';
import type { Route } from './+types/user-redirect';
import { loader } from './user-redirect';

/** The loader reads only its params; the rest of React Router's arguments is left out. */
const argsFor = (id: string) => ({ params: { id } }) as unknown as Route.LoaderArgs;

describe('/admin/user/{id}', () => {
  it('redirects permanently to /admin/users/edit/{id}', () => {
    const response = loader(argsFor('42'));
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/admin/users/edit/42');
  });

  it('keeps an odd id inside the path (the edit page then says no such user)', () => {
    const response = loader(argsFor('../x?y'));
    expect(response.headers.get('Location')).toBe('/admin/users/edit/..%2Fx%3Fy');
  });
});
