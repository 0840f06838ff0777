/**
 * The credential-kind extension point: declared in the sdk so that `defineCredentialPlugin`
 * (`@civic/sdk/credentials`) can contribute to it; served by this plugin. Re-exported here so a
 * plugin that reads credentials names it through this plugin's contract.
 */
export { CredentialKinds, type CredentialKind, type CredentialScopeKind } from '@civic/sdk/common/credentials';
