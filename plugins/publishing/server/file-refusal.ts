import { HttpError } from '@civic/sdk/server';
import { UntrustedFileError } from '@civic/sdk/server/untrusted-file';
import { BULK_LIMITS, BulkMessages } from '../common/bulk';
import { PublishingMessages } from '../common/messages';

const MB = 1024 * 1024;

/**
 * Why an uploaded zip or workbook was refused, as the 4xx the client shows. Anything that is not a
 * refusal (a bug) is passed through, to become a 500 with a correlation id.
 */
export function fileRefusal(error: unknown, limits: { maxUnpackedBytes: number; maxFiles: number }): unknown {
  if (!(error instanceof UntrustedFileError)) return error;
  switch (error.kind) {
    case 'not-zip':
      return new HttpError(415, PublishingMessages.notAZip);
    case 'unsafe-name':
      return new HttpError(422, PublishingMessages.zipUnsafeName(error.entry ?? ''));
    case 'too-many-files':
      return new HttpError(413, PublishingMessages.zipTooManyFiles(limits.maxFiles));
    case 'too-big':
      return new HttpError(413, PublishingMessages.zipTooBig(limits.maxUnpackedBytes / MB));
    case 'bomb':
      return new HttpError(413, PublishingMessages.zipBomb);
    case 'corrupt':
      return new HttpError(422, PublishingMessages.zipCorrupt);
    case 'not-xlsx':
      return new HttpError(415, BulkMessages.notText);
    case 'no-sheet':
      return HttpError.invalid([BulkMessages.emptyFile]);
    case 'too-many-rows':
      return HttpError.invalid([BulkMessages.tooManyRows(BULK_LIMITS.maxRows)]);
    case 'damaged':
      return HttpError.invalid([PublishingMessages.workbookDamaged]);
    case 'too-slow':
    case 'too-much-memory':
      return new HttpError(413, PublishingMessages.fileTooComplex);
  }
}
