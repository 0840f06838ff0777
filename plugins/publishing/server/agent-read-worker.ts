/**
 * Reads an uploaded agent zip on a worker thread (started by `readAgentZip`): unpacking and the JSON
 * parse of every file happen here, within the worker's heap and time caps, so up to 50 MB of JSON
 * never blocks the request thread; only the parsed agent crosses back.
 */
import { answerCapped, unzipBounded } from '@civic/sdk/server/untrusted-file';
import { ZIP_LIMITS } from './agent-model';
import { parseAgent } from './agent-parse';

answerCapped<{ data: Uint8Array }>(({ data }) => ({ value: parseAgent(unzipBounded(data, ZIP_LIMITS)) }));
