import type { AppSettingsPatchDto } from '../common/app-settings-patch.dto';

type Thresholds = { mlConfidenceThreshold: number | null; qnaConfidenceThreshold: number | null };

const shown = (value: number | null) => (value === null ? 'automatic' : String(value));

/** The audit summary of a settings patch: each changed field as "name old → new" (null: "automatic"). */
export function describeSettingsChange(before: Thresholds, patch: AppSettingsPatchDto): string {
  const changes: string[] = [];
  for (const field of ['mlConfidenceThreshold', 'qnaConfidenceThreshold'] as const) {
    const next = patch[field];
    if (next !== undefined && next !== before[field]) changes.push(`${field} ${shown(before[field])} → ${shown(next)}`);
  }
  return changes.length > 0 ? changes.join(', ') : 'no change';
}
