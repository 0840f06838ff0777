export { versionPublished, versionRolledBack } from './events';
