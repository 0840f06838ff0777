/**
 * Testing for plugins: render a page inside a console with overridden services, plus the one copy
 * of Testing Library (queries, events, user-event) plugins use.
 */
export {
  FakeApiClient,
  renderConsoleInTestApp,
  renderInTestApp,
  settle,
  testApp,
  testConfig,
  testSettings,
  testUser,
  userWithRole,
  type FakeHandler,
  type FakeRequest,
  type TestApp,
  type TestAppOptions,
} from '@civic/core/web/testing';
export { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
/** axe-core, for accessibility checks of a rendered component (WCAG 2.1 A/AA). */
export { default as axe } from 'axe-core';
export { default as userEvent } from '@testing-library/user-event';
/** Plain rendering, for components that need no console around them (the web chat widget). */
export { render } from '@testing-library/react';
