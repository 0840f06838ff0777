// What the widget's two standalone builds share (embed.vite.config.mjs: the embed script;
// sharing.vite.config.mjs: the sharing document): Preact instead of React, and the server's
// sanitising instead of a second DOMPurify. Plain JS so the plugin's TypeScript sources keep
// importing only the sdk.
export const repo = import.meta.dirname.replace(/[\\/]plugins[\\/]webchat$/, '');

/**
 * The html frame's display sanitiser becomes a pass-through in these builds (see
 * web/embed/server-sanitised-html.ts for why); the console keeps DOMPurify.
 */
export const serverSanitisedHtml = {
  name: 'civic-widget-server-sanitised-html',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './sanitize-html' && importer && /[\\/]knowledge-base[\\/]contract[\\/]web[\\/]responses[\\/]/.test(importer)) {
      return `${import.meta.dirname}/web/embed/server-sanitised-html.ts`;
    }
    return null;
  },
};

/**
 * Preact through its React compatibility layer renders the same widget source at a tenth of
 * react-dom's size; the console itself keeps React.
 */
export const widgetAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // The sdk's React barrel also names React 19-only APIs (use, useActionState) the widget never calls.
  { find: /^@civic\/sdk\/web\/react$/, replacement: 'preact/compat' },
  { find: '@civic/core', replacement: `${repo}/core` },
  { find: '@civic/sdk', replacement: `${repo}/sdk` },
  { find: '@civic/config', replacement: `${repo}/config` },
];
