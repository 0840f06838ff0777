import 'reflect-metadata';
import { validateDto } from '@civic/core/common/dto/validate';
import { ConfigError } from '../config/config-error';

/**
 * One setting of a plugin, read from an environment variable at start. The value is checked with
 * class-validator rules (the same decorators a DTO uses, each with its message) and an optional extra
 * check; a bad value stops the start with the message, like core's own variables.
 */
export interface PluginSetting<T> {
  /** The environment variable, `CIVIC_…`. */
  env: string;
  /** The value when the variable is unset or empty, as it would be written in the environment. */
  default: string;
  /** One line for the README's configuration table (what it does, its unit, what 0 means…). */
  description: string;
  /** class-validator decorators the raw text must pass, e.g. `Matches(/^\d+$/, { message })`. */
  rules: readonly PropertyDecorator[];
  /** A check the rules cannot express (an IANA zone Intl knows): the problem, or null. */
  check?: (raw: string) => string | null;
  /** The checked text as the plugin uses it. */
  parse: (raw: string) => T;
}

export type PluginSettingsDeclaration = Readonly<Record<string, PluginSetting<unknown>>>;

/** The values of a declaration, by its keys. */
export type PluginSettingValues<D extends PluginSettingsDeclaration> = { readonly [K in keyof D]: D[K] extends PluginSetting<infer T> ? T : never };

/** The raw text of a setting: the variable when set and not empty, else its default. */
function rawOf(setting: PluginSetting<unknown>, env: Readonly<Record<string, string | undefined>>): string {
  const given = env[setting.env];
  return given === undefined || given === '' ? setting.default : given;
}

/** Every problem of one plugin's settings (none when they are all good). */
export function settingProblems(declaration: PluginSettingsDeclaration, env: Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = [];
  for (const setting of Object.values(declaration)) {
    const raw = rawOf(setting, env);
    if (setting.rules.length > 0) {
      // A class of one property carrying the setting's rules, validated as a DTO is.
      class One {
        value!: string;
      }
      for (const rule of setting.rules) rule(One.prototype, 'value');
      const { messages } = validateDto(One, { value: raw });
      if (messages.length > 0) {
        problems.push(...messages);
        continue;
      }
    }
    const extra = setting.check?.(raw);
    if (extra) problems.push(extra);
  }
  return problems;
}

/** The parsed values of one plugin's settings (checked first: see readPluginSettings). */
export function settingValues<D extends PluginSettingsDeclaration>(declaration: D, env: Readonly<Record<string, string | undefined>>): PluginSettingValues<D> {
  return Object.fromEntries(Object.entries(declaration).map(([key, setting]) => [key, setting.parse(rawOf(setting, env))])) as PluginSettingValues<D>;
}

/**
 * The settings of every enabled plugin, by plugin id. Collects every bad value of every plugin and
 * throws one ConfigError listing them all (an operator fixes everything in one go); two plugins
 * declaring one variable is refused too.
 */
export function readPluginSettings(
  plugins: ReadonlyArray<{ manifest: { id: string }; module?: { settings?: PluginSettingsDeclaration } }>,
  env: Readonly<Record<string, string | undefined>>,
): Map<string, Readonly<Record<string, unknown>>> {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const { manifest, module } of plugins) {
    for (const setting of Object.values(module?.settings ?? {})) {
      const owner = owners.get(setting.env);
      if (owner !== undefined && owner !== manifest.id) problems.push(`${setting.env} is declared by both ${owner} and ${manifest.id}`);
      owners.set(setting.env, manifest.id);
      if (!/^CIVIC_[A-Z0-9_]+$/.test(setting.env)) problems.push(`${manifest.id} declares the setting ${setting.env}: its name must start with CIVIC_ and be in capitals`);
    }
    problems.push(...settingProblems(module?.settings ?? {}, env));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return new Map(plugins.map(({ manifest, module }) => [manifest.id, Object.freeze(settingValues(module?.settings ?? {}, env))]));
}
