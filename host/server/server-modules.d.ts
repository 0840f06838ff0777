/**
 * Made by the server bundle's build (host/server/build-server.ts): every plugin's `plugin.ts` and
 * `server/index.ts`, keyed by their path from the repository root ("plugins/<id>/plugin.ts").
 */
declare module 'civic:server-modules' {
  const serverModules: Readonly<Record<string, () => Promise<unknown>>>;
  export default serverModules;
}
