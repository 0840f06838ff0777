export { modelTrained } from './events';
