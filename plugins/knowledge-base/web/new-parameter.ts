import { cleanParameterName, type ActionParameter } from '../contract/common/knowledge/index';

/** A new action parameter named `name` (cleaned to the allowed characters) of entity type `entity`. */
export function newParameter(name: string, entity: string): ActionParameter {
  const clean = cleanParameterName(name);
  return { reference_id: globalThis.crypto.randomUUID(), display_name: clean, entity_type_display_name: entity, value: clean ? `$${clean}` : '', mandatory: false, is_list: false, prompts: [] };
}
