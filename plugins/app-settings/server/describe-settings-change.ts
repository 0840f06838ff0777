import type { AppSettingsPatchDto } from '../common/app-settings-patch.dto';

type Thresholds = { mlConfidenceThreshold: number; qnaConfidenceThreshold: number };

/** The audit summary of a settings patch: each changed field as "name old → new". */
export function describeSettingsChange(before: Thresholds, patch: AppSettingsPatchDto): string {
  const changes: string[] = [];
  for (const field of ['mlConfidenceThreshold', 'qnaConfidenceThreshold'] as const) {
    const next = patch[field];
    if (next !== undefined && next !== before[field]) changes.push(`${field} ${before[field]} → ${next}`);
  }
  return changes.length > 0 ? changes.join(', ') : 'no change';
}
