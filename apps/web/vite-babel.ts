import { type PluginItem, transformAsync } from '@babel/core';

/**
 * One module of the server build run through Babel with only the given plugins: no project or
 * file configuration, the code kept readable. The server build's rewrites share it
 * (vite-server-spreads.ts, vite-server-router-memo.ts).
 */
export async function transformServerModule(
  code: string,
  fileName: string,
  plugins: PluginItem[],
): Promise<string | null> {
  const result = await transformAsync(code, {
    filename: fileName,
    babelrc: false,
    configFile: false,
    compact: false,
    sourceType: 'module',
    plugins,
  });
  return result?.code ?? null;
}
