/**
 * Unit and component tests: `common`, `web` and `sdk` code, beside the code it tests.
 * Server code and `tests/**` run under Node's own test runner (see package.json), never here.
 */
const swcConfig = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    // experimentalDecorators semantics, as tsconfig; no emitted metadata: every @inject names its token.
    transform: {
      legacyDecorator: true,
      decoratorMetadata: false,
      // As tsconfig.base.json: class fields are assigned in the constructor, not defined up front.
      useDefineForClassFields: false,
      react: { runtime: 'automatic' },
    },
  },
  module: { type: 'commonjs' },
};

/** @type {import('jest').Config} */
export default {
  rootDir: import.meta.dirname,
  testEnvironment: 'jsdom',
  // Component tests drive whole pages; on a busy 2-core machine the default 5 s is too tight.
  testTimeout: 20_000,
  // Jest's default leaves a core to its parent process, which only waits: one worker on a 2-core
  // machine (141 s here against 84 s with two).
  maxWorkers: '100%',
  testMatch: [
    '<rootDir>/core/{common,web}/**/*.test.{ts,tsx}',
    '<rootDir>/host/web/**/*.test.{ts,tsx}',
    '<rootDir>/sdk/{common,web,testing}/**/*.test.{ts,tsx}',
    '<rootDir>/plugins/*/{common,web}/**/*.test.{ts,tsx}',
    '<rootDir>/plugins/*/contract/{common,web}/**/*.test.{ts,tsx}',
  ],
  // A plugin's API tests (plugins/<id>/tests/) run on the real server under Node's test runner.
  testPathIgnorePatterns: ['/node_modules/', '/server/', '<rootDir>/tests/', '<rootDir>/plugins/[^/]+/tests/', '<rootDir>/dist/'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcConfig] },
  // inversify 8 and its @inversifyjs parts ship ESM only.
  transformIgnorePatterns: ['/node_modules/(?!(inversify|@inversifyjs)/)'],
  moduleNameMapper: {
    '^@civic/core/(.*)$': '<rootDir>/core/$1',
    '^@civic/sdk/(.*)$': '<rootDir>/sdk/$1',
    '^@civic/config/(.*)$': '<rootDir>/config/$1',
    '\\.css$': '<rootDir>/core/web/testing/style-stub.ts',
  },
  setupFiles: ['<rootDir>/jest.setup.ts'],
  clearMocks: true,
  restoreMocks: true,
};
