import { and, appMembers, auditLog, count, desc, eq, notLike, toAppSummary, type RouteAdder } from '@civic/sdk/server';
import { Role, type RoleCode } from '@civic/sdk/common/model';
import { roleOnApp } from '@civic/sdk/common/access';
import { WorkspaceApi, type WorkspaceSummary } from '../common/api';
import { canViewAppWorkspace } from '../common/permissions';

const RECENT_ACTIVITY = 10;

/** GET /api/v1/apps/{appId}/workspace: the My Workspace page of one app. */
export function registerWorkspaceRoutes(routes: RouteAdder): void {
  routes.add({
    method: 'GET',
    url: WorkspaceApi.summaryRoute,
    app: 'appId',
    access: canViewAppWorkspace,
    description: "One app's overview: details, the caller's role, team size and recent changes",
    handler: async (ctx): Promise<WorkspaceSummary> => {
      const app = ctx.app;
      const memberRows = await ctx.db
        .select({ role: appMembers.role, n: count() })
        .from(appMembers)
        .where(eq(appMembers.appId, app.appId))
        .groupBy(appMembers.role);
      const byRole = (role: RoleCode) => memberRows.find((row) => row.role === role)?.n ?? 0;
      const activity = await ctx.db
        .select({ at: auditLog.at, actor: auditLog.actorEmail, action: auditLog.action, summary: auditLog.summary })
        .from(auditLog)
        // What was done to the app; refusals and failed sign-ins (security.*) belong to the audit log.
        .where(and(eq(auditLog.appId, app.appId), notLike(auditLog.action, 'security.%')))
        .orderBy(desc(auditLog.id))
        .limit(RECENT_ACTIVITY);

      return {
        app: { ...toAppSummary(app, ctx.now), description: app.description, hosting: app.hosting, isGenerative: app.isGenerative },
        role: roleOnApp(ctx.access) ?? Role.VIEWER,
        members: {
          total: memberRows.reduce((sum, row) => sum + row.n, 0),
          admins: byRole(Role.ADMIN),
          editors: byRole(Role.EDITOR),
          viewers: byRole(Role.VIEWER),
        },
        recentActivity: activity.map((row) => ({ ...row, at: row.at.toISOString() })),
      };
    },
  });
}
