import { buildRobotsTxt } from '../features/content/sitemap';
import type { Route } from './+types/robots[.]txt';

export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(context.publicUrl), {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    },
  });
}
