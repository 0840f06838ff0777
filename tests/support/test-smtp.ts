/** Moved to the sdk (`@civic/sdk/testing/server`); kept so the API and browser suites import it unchanged. */
export { linkOf, otpOf, TestSmtp, type ReceivedMail } from '@civic/sdk/testing/server/test-smtp';
