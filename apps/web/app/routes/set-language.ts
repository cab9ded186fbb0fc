import { redirect } from 'react-router';
import { isLanguage } from '@shop/shared';
import { languageCookie, safeRedirectPath } from '../lib/language.server';
import type { Route } from './+types/set-language';

/** Switches the language (a form post, so it works without JavaScript) and returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get('lang');
  const target = safeRedirectPath(form.get('redirectTo'));
  if (!isLanguage(lang)) return redirect(target);
  return redirect(target, { headers: { 'Set-Cookie': languageCookie(lang) } });
}

export function loader() {
  return redirect('/');
}
