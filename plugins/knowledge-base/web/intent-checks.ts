import { validateDto } from '@civic/sdk/common/validation';
import { IntentCreateDto } from '../common/intent.dto';

/**
 * The editor's check of an intent with the server's DTO, before it is sent: its own module, which the
 * editor fetches on a first save, so class-validator is not on the editor's path.
 */
export function intentProblems(body: object): string[] {
  return validateDto(IntentCreateDto, body).messages;
}
