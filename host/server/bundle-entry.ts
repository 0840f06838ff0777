import path from 'node:path';
import serverModules from 'civic:server-modules';
import { REPO_ROOT } from '@civic/core/server/config/repo-paths';
import { runServer } from './run-server';

/**
 * Entry of the prebuilt server bundle (dist/server/main.mjs, made by `npm run build`, run by
 * `npm start`): the same server as main.ts, with every plugin's manifest and server module compiled
 * in and imported from the bundle instead of by path.
 */
runServer(async (file) => {
  const load = serverModules[path.relative(REPO_ROOT, file).split(path.sep).join('/')];
  if (!load) throw new Error(`${file} is not in the server bundle: run \`npm run build\` after adding a plugin`);
  return load();
});
