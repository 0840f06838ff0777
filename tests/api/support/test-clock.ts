/** Moved to the sdk (`@civic/sdk/testing/server`); kept so existing tests import it unchanged. */
export { TestClock } from '@civic/sdk/testing/server/test-clock';
