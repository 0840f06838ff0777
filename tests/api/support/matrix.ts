/** Moved to the sdk (`@civic/sdk/testing/server`); kept so existing tests and matrix rows import it unchanged. */
export { adminApp, all, editApp, NO_ID, platformOnly, readApp, type Caller, type Expect, type MatrixRow } from '@civic/sdk/testing/server/matrix';
