/** Texts of the platform-admin plugin (the spec leaves them open; §8 texts come from Messages). */
export const AdminMessages = {
  agencyExists: 'An agency with this name already exists.',
  agencyNameTaken: (existing: string) => `An agency with this name already exists: ${existing} (names are compared without regard to case or spacing).`,
  agencyInUse: (name: string, appCount: number, userCount: number) =>
    `${name} still has ${appCount} ${appCount === 1 ? 'app' : 'apps'} and ${userCount} ${userCount === 1 ? 'user' : 'users'}: merge it into another agency instead.`,
  agencyMergeSelf: 'Choose another agency to merge into.',
  agencyMergeTarget: 'Choose the agency to merge into.',
  adaptorExists: 'An adaptor with this name already exists.',
  appExists: 'An app with this id already exists.',
  appIdRule: 'App id: 3 to 50 lower-case letters, digits and dashes, starting with a letter',
  appNameRequired: 'Please input the app name',
  unsetAndSet: (field: string) => `${field} cannot be both set and unset`,
  emptyMeansUnset: (field: string) => `To clear ${field}, send it in unsets`,
  unknownAgency: 'Please input valid agency name',
  invalidDomain: 'Each allowed domain must be a domain name such as gov.sg, or a site such as https://www.agency.gov.sg',
  unknownApp: (appId: string) => `Unknown app: ${appId}`,
  adaptorNameRequired: 'Please input the adaptor name',
  invalidDate: 'Please input a valid date',
  decommissioned: 'App decommissioned',
  created: 'App created',
  confirmDecommission: 'Decommission this app? It disappears from the app switcher of every user.',
} as const;
