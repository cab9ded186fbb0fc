/** Babel's object rest/spread transform ships without types; it is a plugin like any other. */
declare module '@babel/plugin-transform-object-rest-spread' {
  import type { PluginItem } from '@babel/core';

  const plugin: PluginItem;
  export default plugin;
}
