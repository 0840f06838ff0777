import { validateDto } from '@civic/sdk/common/validation';
import { AppSettingsPatchDto } from '../common/app-settings-patch.dto';

export type ThresholdField = 'mlConfidenceThreshold' | 'qnaConfidenceThreshold';
/** The form: automatic (null on the server: the model's suggested threshold) or the typed fixed values. */
export type ThresholdValues = Record<ThresholdField, string> & { automatic: boolean };
export type ThresholdErrors = Partial<Record<ThresholdField, string>>;

export const THRESHOLD_FIELDS: readonly ThresholdField[] = ['mlConfidenceThreshold', 'qnaConfidenceThreshold'];

/** The form's text as the PATCH body; an empty Q&A threshold is left out (it is optional, §7). */
export function toPatch(values: ThresholdValues): Record<string, unknown> {
  if (values.automatic) return { mlConfidenceThreshold: null, qnaConfidenceThreshold: null };
  const patch: Record<string, unknown> = { mlConfidenceThreshold: toNumber(values.mlConfidenceThreshold) };
  if (values.qnaConfidenceThreshold.trim() !== '') patch.qnaConfidenceThreshold = toNumber(values.qnaConfidenceThreshold);
  return patch;
}

/** Validates with the DTO the server uses (one rule set, §5); returns the body when valid. */
export function validateThresholds(values: ThresholdValues): { patch?: AppSettingsPatchDto; errors: ThresholdErrors } {
  const outcome = validateDto(AppSettingsPatchDto, toPatch(values));
  const errors: ThresholdErrors = {};
  for (const field of THRESHOLD_FIELDS) {
    const message = outcome.fields[field]?.[0];
    if (message) errors[field] = message;
  }
  // The plain body, not the validated class instance: only the fields the user gave go out.
  return outcome.messages.length === 0 ? { patch: toPatch(values) as unknown as AppSettingsPatchDto, errors } : { errors };
}

export function fromSettings(settings: { mlConfidenceThreshold: number | null; qnaConfidenceThreshold: number | null }): ThresholdValues {
  return {
    automatic: settings.mlConfidenceThreshold === null,
    mlConfidenceThreshold: settings.mlConfidenceThreshold === null ? '' : String(settings.mlConfidenceThreshold),
    qnaConfidenceThreshold: settings.qnaConfidenceThreshold === null ? '' : String(settings.qnaConfidenceThreshold),
  };
}

// Empty text is NaN, not 0, so an emptied required field is an error rather than a silent zero.
function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
