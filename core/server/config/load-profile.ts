import fs from 'node:fs';
import path from 'node:path';
import { DeploymentProfileDto } from '@civic/config/deployment-profile';
import { validateDto } from '@civic/core/common/dto/validate';
import type { DeploymentSwitches } from '@civic/core/common/model/api';

export type SwitchOverrides = Partial<Record<keyof DeploymentSwitches, boolean>>;

/**
 * Reads `config/profiles/<name>.json` and validates it with the shared DTO. Keys starting with `$`
 * are comments; any other unknown key is refused so a typo never silently does nothing.
 * Returns the problems instead of throwing so loadConfig can report them with the others.
 */
export function loadProfile(
  profilesDir: string,
  name: string,
  overrides: SwitchOverrides,
): { profile?: DeploymentProfileDto; problems: string[] } {
  const file = path.join(profilesDir, `${name}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    return { problems: [`CIVIC_PROFILE: cannot read ${file} (${reason})`] };
  }
  const plain = Object.fromEntries(
    Object.entries(raw && typeof raw === 'object' ? raw : {}).filter(([key]) => !key.startsWith('$')),
  );
  const { value, fields } = validateDto(DeploymentProfileDto, plain, { forbidUnknown: true });
  const problems = Object.entries(fields).map(([field, messages]) => `profile ${name}: ${field}: ${messages.join('; ')}`);
  if (problems.length > 0) return { problems };
  value.switches = { ...value.switches, ...overrides };
  return { profile: value, problems };
}
