import type { FastifyInstance } from 'fastify';

/**
 * The API speaks JSON only: Fastify's JSON parser (prototype-poisoning safe), except that an empty
 * body is "no body" — clients that send `Content-Type: application/json` with nothing (POST /logout)
 * get validated like a body of `{}`, not a 400. The default text/plain parser is removed, so any
 * other content type is a 415.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}
