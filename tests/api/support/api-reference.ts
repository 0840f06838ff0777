import type { MountedRoute } from '@civic/core/server/app/create-server';

/**
 * The API reference (docs/api.md), rendered from the routes the server actually mounts, so the
 * document cannot drift from the code: tests/api/api-reference.test.ts compares the two.
 */
export function renderApiReference(routes: readonly MountedRoute[]): string {
  const byOwner = new Map<string, MountedRoute[]>();
  for (const route of routes) byOwner.set(route.owner, [...(byOwner.get(route.owner) ?? []), route]);
  const owners = [...byOwner.keys()].sort((a, b) => (a === 'core' ? -1 : b === 'core' ? 1 : a.localeCompare(b)));
  const lines = [
    '# Civic Console API reference',
    '',
    'Generated from the mounted routes of the default profile by `npm run docs:api`; a test fails when this',
    'file and the code disagree. Every answer is `{ data, token? }` (a `token` replaces the stored one);',
    'errors are `{ message, info?, fields?, detail? }` with 400/401/403/404/409/413/415/422/429, and 500 with',
    'a `correlationId`. "session" routes need `Authorization: Bearer <token>`; app routes answer 404 for an',
    'app the caller holds no role on. Bodies and queries are validated with the named class-validator DTO',
    '(the same class the browser form uses); unknown fields are refused. "permission" is the id of the named',
    'permission (`definePermission`) that guards the route, after the plugin\'s own predicate.',
    '',
  ];
  for (const owner of owners) {
    lines.push(`## ${owner === 'core' ? 'Core' : `Plugin \`${owner}\``}`, '');
    lines.push('| method | path | auth | permission | body / query | what |', '|---|---|---|---|---|---|');
    const sorted = [...(byOwner.get(owner) ?? [])].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
    for (const route of sorted) {
      const input = [route.body, route.query].filter(Boolean).map((name) => `\`${name}\``).join(', ') || '—';
      const what = (route.description ?? '').replace(/\|/g, '\\|') || '—';
      const permission = route.permission ? `\`${route.permission}\`` : '—';
      lines.push(`| ${route.method} | \`${route.url}\` | ${route.auth}${route.app ? ', app' : ''} | ${permission} | ${input} | ${what} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
