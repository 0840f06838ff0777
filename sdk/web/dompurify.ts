/** DOMPurify for plugins, the console's one copy: sanitise HTML in the browser before it is shown. */
export { default as createDOMPurify } from 'dompurify';
