/**
 * DOMPurify on a server-side DOM (jsdom), for plugins that sanitise HTML before they store it.
 * Its own entry point, not the `@civic/sdk/server` barrel: jsdom is large and only a few routes need it.
 */
export { default as createDOMPurify } from 'dompurify';
export { JSDOM } from 'jsdom';
