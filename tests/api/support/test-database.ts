/** Moved to the sdk (`@civic/sdk/testing/server`); kept so existing tests import it unchanged. */
export { createTestDatabase, type TestDatabase } from '@civic/sdk/testing/server/test-database';
