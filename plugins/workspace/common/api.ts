import type { AppSummary, RoleCode } from '@civic/sdk/common/model';

export const WorkspaceApi = {
  summary: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/workspace`,
  summaryRoute: '/api/v1/apps/:appId/workspace',
} as const;

/** GET /api/v1/apps/{appId}/workspace */
export interface WorkspaceSummary {
  app: AppSummary & { description: string; hosting: string; isGenerative: boolean };
  /** The caller's role on the app ('2' for platform admins). */
  role: RoleCode;
  members: { total: number; admins: number; editors: number; viewers: number };
  recentActivity: Array<{ at: string; actor: string; action: string; summary: string }>;
}
