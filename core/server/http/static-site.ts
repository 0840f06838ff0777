import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '@civic/core/common/messages';
import type { Logger } from '../logging/logger';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Civic Console</title></head>
<body><main><h1>Civic Console is running, but the console has not been built</h1>
<p>The API is up. Build the browser console with <code>npm run build</code> and restart the server
(or start with <code>npm start</code>, which does both).</p></main></body></html>`;

/** Page documents a plugin's build (or the console's, for /login's static shell) adds beside the console: `pages/<first path segment>.html`. */
const PAGES_DIR = 'pages';

/** The first path segments that have a page document of their own (read once: the build is fixed while the server runs). */
function pageDocuments(webRoot: string): Set<string> {
  try {
    return new Set(
      fs
        .readdirSync(path.join(webRoot, PAGES_DIR))
        .filter((name) => /^[a-z0-9-]+\.html$/i.test(name))
        .map((name) => name.slice(0, -'.html'.length)),
    );
  } catch {
    return new Set();
  }
}

/**
 * Serves the built console from `dist/web`: hashed files under /assets are cached for a year,
 * everything else revalidates. Any other GET that accepts HTML gets index.html, so client routes
 * (/dashboard, /app-settings/…) survive a reload — unless a plugin built a page document of its own
 * for that path's first segment (`pages/<segment>.html`, e.g. a public page that must not download
 * the console, or /login with its card drawn before the script runs). Unknown /api paths are JSON 404s.
 */
export async function registerStaticSite(app: FastifyInstance, webRoot: string, log: Logger): Promise<void> {
  const built = fs.existsSync(path.join(webRoot, 'index.html'));
  const documents = built ? pageDocuments(webRoot) : new Set<string>();
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // With preCompressed, filePath may name the .br or .gz copy of the file asked for.
        const relative = path.relative(webRoot, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        reply.header('cache-control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Embed scripts (`<folder>/embed.js`) are loaded by <script> tags on other sites.
        if (relative.endsWith('/embed.js')) reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  } else {
    log.warn({ webRoot }, 'the console is not built (no dist/web/index.html): run npm run build; the API still works');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      reply.code(404);
      return { message: Messages.notFound };
    }
    if (!built) {
      reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return MISSING_BUILD_PAGE;
    }
    reply.header('cache-control', 'no-cache');
    const segment = pathname.split('/')[1] ?? '';
    return reply.sendFile(documents.has(segment) ? `${PAGES_DIR}/${segment}.html` : 'index.html');
  });
}
