export { knowledgeChanged } from './events';
