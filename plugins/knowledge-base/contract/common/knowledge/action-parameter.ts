/** §3 "Action parameter"; at most 20 per intent and 30 prompts each (§5, §9 → Limits). */
export interface ActionParameter {
  reference_id: string;
  /** Stripped to letters, digits, dash and underscore (§5). */
  display_name: string;
  /** `@name` of the entity type the value has. */
  entity_type_display_name: string;
  /** `$name` by default: where the value comes from. */
  value: string;
  mandatory: boolean;
  is_list: boolean;
  /** What the bot asks when a mandatory value is missing (slot filling). */
  prompts: string[];
}

/** §5: parameter display names keep only letters, digits, dash and underscore. */
export function cleanParameterName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '');
}
