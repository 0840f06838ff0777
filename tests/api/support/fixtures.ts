/** Moved to the sdk (`@civic/sdk/testing/server`); kept so existing tests import it unchanged. */
export { addFixtures, DECOMMISSIONED_APP_ID, INACTIVE_EMAIL, OTHER_APP_ID, OUTSIDER_EMAIL, TEST_PASSWORD } from '@civic/sdk/testing/server/fixtures';
