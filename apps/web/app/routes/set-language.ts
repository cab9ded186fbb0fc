import { data, redirect } from 'react-router';
import { isLanguage } from '@shop/shared';
import { languageCookie, safeRedirectPath } from '../lib/language.server';
import type { Route } from './+types/set-language';

/** Switches the language (a form post, so it works without JavaScript) and returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // Not a form (JSON, a broken multipart body): the client's mistake, not the server's.
    throw data(null, { status: 400 });
  }
  const lang = form.get('lang');
  const target = safeRedirectPath(form.get('redirectTo'));
  if (!isLanguage(lang)) return redirect(target);
  return redirect(target, { headers: { 'Set-Cookie': languageCookie(lang) } });
}

export function loader() {
  return redirect('/');
}
