/**
 * Dialogflow ES agent zips: the model of an imported agent and its limits (`agent-model.ts`), the
 * export (`agent-export.ts`), the safe read of an upload (`agent-parse.ts`, run on a worker by
 * `agent-read.ts`) and the comparison with the draft before an import (`agent-preview.ts`).
 */
export { MB, ZIP_LIMITS, type ImportedAgent, type ImportedIntent } from './agent-model';
export { exportAgent, fileNameOf, stableId } from './agent-export';
export { isZip, openZip, parseAgent } from './agent-parse';
