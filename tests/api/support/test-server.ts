/** Moved to the sdk (`@civic/sdk/testing/server`); kept so existing tests import it unchanged. */
export { startTestServer, type StartOptions, type TestServer } from '@civic/sdk/testing/server/test-server';
