export { credentialSecrets, credentials } from './credentials';
