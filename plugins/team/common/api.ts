import type { RoleCode } from '@civic/sdk/common/model';

const app = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/team`;

export const TeamApi = {
  members: app,
  member: (appId: string, userId: string) => `${app(appId)}/${encodeURIComponent(userId)}`,
  membersRoute: '/api/v1/apps/:appId/team',
  memberRoute: '/api/v1/apps/:appId/team/:userId',
} as const;

/** One row of the team table. */
export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: RoleCode;
  /** False until the invited person uses the link in their mail. */
  isActive: boolean;
  /**
   * After POST only: `invited` — a new account, mailed an invitation with a link; `added` — an
   * existing account, mailed that it was added.
   */
  outcome?: 'invited' | 'added';
}

/** GET /api/v1/apps/{appId}/team */
export interface TeamList {
  members: TeamMember[];
  /** The tier's maximum, null when the tier has none. */
  maxMembers: number | null;
}
