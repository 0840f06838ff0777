import { HttpError } from '@civic/sdk/server';
import { runCapped } from '@civic/sdk/server/untrusted-file';
import { PublishingMessages } from '../common/messages';
import { MB, ZIP_LIMITS, type ImportedAgent } from './agent-model';
import { fileRefusal } from './file-refusal';

/**
 * An uploaded Dialogflow agent zip, unpacked and parsed off the request thread (`agent-read-worker.ts`):
 * zip refusals and malformed agent files are the same 4xx as before; a parse past the worker's memory
 * or time is a 413.
 */
export async function readAgentZip(data: Uint8Array): Promise<ImportedAgent> {
  if (data.byteLength > ZIP_LIMITS.maxBytes) throw new HttpError(413, PublishingMessages.fileTooLarge(ZIP_LIMITS.maxBytes / MB));
  try {
    return await runCapped<ImportedAgent>(new URL('./agent-read-worker.ts', import.meta.url), { data }, 'agent zip');
  } catch (error) {
    throw fileRefusal(error, ZIP_LIMITS);
  }
}
