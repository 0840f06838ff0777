import type { PluginNames } from '../plugin-names';

/** plugin.ts and common/: the manifest, access rules, API paths and types, messages, the DTO. */
export function commonFiles(n: PluginNames): Record<string, string> {
  return {
    'plugin.ts': `import { definePlugin } from '@civic/sdk/common';
import { canView${n.pascal} } from './common/permissions';

/** ${n.id}: ${n.title} (/${n.id}/{appId}). Made by \`npm run plugin:new\`; say here what it is for. */
export default definePlugin({
  id: '${n.id}',
  title: '${n.title}',
  canAccess: canView${n.pascal},
  routes: [
    {
      path: '/${n.id}/:appId',
      layout: 'main',
      appParam: 'appId',
      title: '${n.title}',
      load: () => import('./web/${n.id}-page').then((m) => ({ default: m.${n.pascal}Page })),
    },
  ],
  nav: [{ id: '${n.id}', section: 'app', label: '${n.title}', order: 900, to: '/${n.id}/:appId' }],
  module: () => import('./web/${n.id}-module').then((m) => ({ default: m.${n.camel}Module })),
  server: true,
});
`,
    'common/permissions.ts': `import { appEditor, appViewer, definePermission } from '@civic/sdk/common/access';

export const canView${n.pascal} = definePermission({
  id: '${n.id}.view',
  description: 'Anyone with a role on the app (and platform admins) sees ${n.title}.',
  predicate: appViewer,
});
export const canEdit${n.pascal} = definePermission({
  id: '${n.id}.edit',
  description: "The app's editors and admins (and platform admins) add to ${n.title}; viewers read only.",
  predicate: appEditor,
});
`,
    'common/api.ts': `const items = (appId: string) => \`/api/v1/apps/\${encodeURIComponent(appId)}/${n.id}\`;

export const ${n.pascal}Api = {
  items,
  itemsRoute: '/api/v1/apps/:appId/${n.id}',
} as const;

/** One row of the ${n.title} table. */
export interface ${n.pascal}Item {
  id: string;
  name: string;
  notes: string;
  /** Email of whoever added it. */
  createdBy: string;
  createdAt: string;
}

/** GET /api/v1/apps/{appId}/${n.id}: newest first. */
export interface ${n.pascal}List {
  items: ${n.pascal}Item[];
}
`,
    'common/messages.ts': `/** The texts of ${n.title}, once: the DTO, the page and the tests import them. */
export const ${n.pascal}Messages = {
  nameRequired: 'Enter a name',
  nameTooLong: 'A name has at most 100 characters',
  notesTooLong: 'Notes have at most 500 characters',
  added: 'Added',
} as const;
`,
    [`common/${n.id}-item.dto.ts`]: `import { IsOptional, IsString, Matches, MaxLength } from '@civic/sdk/common/validators';
import { ${n.pascal}Messages } from './messages';

/**
 * POST /api/v1/apps/{appId}/${n.id}: the form's fields, checked in the browser and on the server alike
 * (class-validator reports the bottom decorator's message first).
 */
export class ${n.pascal}ItemDto {
  @MaxLength(100, { message: ${n.pascal}Messages.nameTooLong })
  @Matches(/\\S/, { message: ${n.pascal}Messages.nameRequired })
  @IsString({ message: ${n.pascal}Messages.nameRequired })
  name!: string;

  @IsOptional()
  @MaxLength(500, { message: ${n.pascal}Messages.notesTooLong })
  @IsString({ message: ${n.pascal}Messages.notesTooLong })
  notes?: string;
}
`,
  };
}
