/** Moved to the sdk (`@civic/sdk/testing/server`); kept so existing tests import it unchanged. */
export { call, type ApiResponse, type CallOptions } from '@civic/sdk/testing/server/api-call';
