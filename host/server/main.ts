import { runServer } from './run-server';

/** The server from its TypeScript sources (`npm run serve`, tests): run with `node --import tsx`. */
runServer();
