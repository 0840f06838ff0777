/**
 * Test support for the browser tier: render a page inside a console with a fake API and
 * overridden services (Backstage's renderInTestApp idea). Plugins reach it through @civic/sdk/testing.
 */
export { FakeApiClient, type FakeHandler, type FakeRequest } from './fake-api-client';
export { placeOf } from './place-of';
export { testApp, testConfig, testSettings, testUser, userWithRole } from './fixtures';
export { renderConsoleInTestApp, renderInTestApp, settle, type TestApp, type TestAppOptions } from './render-in-test-app';
