/** Moved to the sdk (`@civic/sdk/testing/server`); kept so existing tests import it unchanged. */
export { encryptPassword, fetchLoginKey, postLogin, signIn } from '@civic/sdk/testing/server/login';
