import { useContext } from 'react';
import { preload } from 'react-dom';
import { UNSAFE_FrameworkContext } from 'react-router';

/**
 * Asks for the shell's stylesheet before the page's script modules (decision 022). React 19
 * lifts every <link rel="modulepreload"> of the page (about 30) into the head ahead of the
 * stylesheet link that <Links /> renders in place, so on a phone's connection the one file that
 * blocks the first paint waited behind all of them. A style preload issued while the head renders
 * joins React's preloads first. The address is the one <Links /> uses: React Router's manifest.
 */
export function StylesheetPreload() {
  const stylesheets = useContext(UNSAFE_FrameworkContext)?.manifest.routes.root?.css ?? [];
  for (const href of stylesheets) preload(href, { as: 'style' });
  return null;
}
