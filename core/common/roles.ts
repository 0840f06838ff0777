/** Per-app roles (§6). Codes are strings, as the spec writes them. */
export const Role = {
  VIEWER: '0',
  EDITOR: '1',
  ADMIN: '2',
} as const;
export type RoleCode = (typeof Role)[keyof typeof Role];

export const ROLE_CODES: readonly RoleCode[] = [Role.VIEWER, Role.EDITOR, Role.ADMIN];

export const RoleName: Record<RoleCode, string> = {
  '0': 'Viewer',
  '1': 'Editor',
  '2': 'Admin',
};

export function isRoleCode(value: unknown): value is RoleCode {
  return value === '0' || value === '1' || value === '2';
}

/** True when `held` is at least `needed`. */
export function roleAtLeast(held: RoleCode | undefined, needed: RoleCode): boolean {
  return held !== undefined && Number(held) >= Number(needed);
}
