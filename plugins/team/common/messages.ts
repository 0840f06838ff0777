/** Texts of the team plugin (the spec leaves them open). */
export const TeamMessages = {
  lastAdmin: 'An app needs at least one admin. Make another member admin first.',
  alreadyMember: 'This person is already a member of the team.',
  domainNotAllowed: "This email address's domain is not allowed for this app.",
  invited: 'Invitation sent',
  invitedNew: (email: string) => `Invitation mailed to ${email}: they set a password with the link, then sign in`,
  addedExisting: (email: string, role: string) => `${email} already had an account: added as ${role}, and told by mail`,
  roleChanged: 'Role changed',
  removed: 'Member removed',
  confirmRemove: 'Remove this member from the team? They lose access to the app at once.',
} as const;
