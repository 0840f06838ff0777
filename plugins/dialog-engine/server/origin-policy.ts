/**
 * Which web pages may use an app's chat: the console itself and the app's allowedDomains — the
 * one list, shared with the webchat plugin's public widget settings (see the sdk's originAllowed).
 */
export { originAllowed } from '@civic/sdk/common/validators';
