const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 intents and 1 entity type", "1 intent", "3 entity types". */
export function overwritten(intents: number, entityTypes: number): string {
  const parts = [intents > 0 ? count(intents, 'changed intent', 'changed intents') : '', entityTypes > 0 ? count(entityTypes, 'changed entity type', 'changed entity types') : ''];
  return parts.filter(Boolean).join(' and ') || 'nothing';
}

/** Texts of the publishing plugin (spec texts live in @civic/sdk/common/messages). */
export const PublishingMessages = {
  noteTooLong: 'The note can be at most 500 characters',
  approvalPending: 'A publish request is already waiting for approval',
  importFileSwitchedOff: (intent: string) => `Intent "${intent}": File messages are switched off in this deployment; remove them from the zip and import again.`,
  replayNotAcknowledged: (changes: number) =>
    `The replay of recent questions shows ${changes === 1 ? '1 answer' : `${changes} answers`} would change: confirm you have checked ${changes === 1 ? 'it' : 'them'} to publish`,
  authorCannotApprove: 'You made this publish request; another app admin must approve it',
  requestNotPending: 'This publish request has already been decided',
  requestStale: 'The draft changed after this publish request was made, so it can no longer be approved; reject it and ask again',
  noPendingRequest: 'No publish request is waiting for approval',
  notPublished: 'This app has not been published yet',
  versionNotFound: 'No such version',
  alreadyProduction: 'This version is already in production',
  jobNotRunning: 'This job has already finished',
  fileTooLarge: (mb: number) => `The file is larger than ${mb} MB`,
  notAZip: 'The file is not a zip archive (checked by its content, not its name)',
  zipUnsafeName: (name: string) => `The archive holds a file with an unsafe name: ${name}`,
  zipTooBig: (mb: number) => `The archive unpacks to more than ${mb} MB`,
  zipTooManyFiles: (count: number) => `The archive holds more than ${count} files`,
  zipBomb: 'The archive is compressed suspiciously well (zip bomb); it was not unpacked',
  zipCorrupt: 'The zip archive is damaged and cannot be read',
  agentMissing: 'Not a Dialogflow agent export: agent.json is missing',
  invalidJson: (name: string) => `${name} is not valid JSON`,
  invalidAgentFile: (name: string, problem: string) => `${name}: ${problem}`,
  fileRequired: 'Choose a file to upload',
  notAPdf: 'The file is not a PDF (checked by its content, not its name)',
  pdfDamaged: 'The PDF is damaged and its text cannot be read',
  pdfEncrypted: 'The PDF is password-protected; upload a copy without a password',
  pdfTooManyPages: (max: number) => `The PDF has more than ${max} pages`,
  pdfTooMuchText: 'The PDF holds more text than the generator reads at once; split it',
  pdfTooSlow: 'The PDF took too long to read; upload a simpler or smaller copy',
  pdfTooMuchMemory: 'The PDF needs more memory to read than the console allows; upload a simpler or smaller copy',
  workbookDamaged: 'The XLSX workbook is damaged and cannot be read',
  fileTooComplex: 'The file took too long or too much memory to read; upload a simpler or smaller copy',
  notBase64: 'The file content must be base64',
  phraseNotFound: 'No such training phrase',
  intentNotFound: 'No such intent',
  sameIntent: 'The phrase is already in that intent',
  conflictSort: 'sort must be pairs or score',
  conflictCursor: 'after must be the next cursor of a page before',
  conflictLimit: `limit must be a whole number from 1 to 200`,
  conflictGroupNotFound: 'The last conflict-detection run found no pairs between these intents',
  conflictsCapped: (texts: number, cap: number) => `${count(texts, 'phrase was', 'phrases were')} compared with only the first ${cap.toLocaleString('en')} similar phrases found: some of their pairs may be missing`,
  overIntentLimit: (tierMessage: string, adding: number, current: number) =>
    `${tierMessage.replace(/\.?$/, '.')} This would add ${adding} new intents or Q&A to the ${current} the app has; nothing was imported.`,
  importWouldOverwrite: (intents: number, entityTypes: number) =>
    `The import would overwrite ${overwritten(intents, entityTypes)} of the draft with the file's version; preview the import and confirm overwriting (overwrite: true) to import`,
  importPreviewStale: 'The draft or the file changed since the import was previewed; preview it again before importing',
  publishQueued: 'Publishing started',
  publishRequested: 'Publish request sent for approval',
} as const;
