import 'reflect-metadata';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { fieldLabel } from './field-label';

export interface ValidationOutcome<T> {
  value: T;
  /** Field path → messages; empty when valid. */
  fields: Record<string, string[]>;
  /** All messages in field order, the first one is what a toast shows (§8). */
  messages: string[];
}

/**
 * One rule set for form and API: the same DTO class validates in the browser and on the server.
 * Unknown properties are refused on the server (`forbidUnknown`), and stripped in forms.
 */
export function validateDto<T extends object>(
  cls: ClassConstructor<T>,
  plain: unknown,
  options: { forbidUnknown?: boolean } = {},
): ValidationOutcome<T> {
  const source = plain && typeof plain === 'object' ? plain : {};
  const value = plainToInstance(cls, source, { exposeDefaultValues: true });
  const errors = validateSync(value as object, {
    whitelist: true,
    forbidNonWhitelisted: options.forbidUnknown ?? false,
    validationError: { target: false, value: false },
  });
  const fields: Record<string, string[]> = {};
  collect(errors, '', fields);
  return { value, fields, messages: Object.values(fields).flat() };
}

/**
 * class-validator's own messages start with the property ("maxMembers must not be less than 1"):
 * people read the label instead ("Max members must not be less than 1"). Only camelCase names are
 * changed; a snake_case query parameter (`page_num`) or an environment variable (`DATABASE_URL`) is the
 * name people write, and stays.
 */
function withLabel(text: string, property: string): string {
  return /^[a-z][a-z0-9]*[A-Z]/.test(property) && text.startsWith(`${property} `) ? `${fieldLabel(property)}${text.slice(property.length)}` : text;
}

function collect(errors: ValidationError[], prefix: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      into[path] = Object.entries(error.constraints).map(([kind, text]) =>
        kind === 'whitelistValidation' ? `${path} is not an accepted field` : withLabel(text, error.property),
      );
    }
    if (error.children?.length) collect(error.children, path, into);
  }
}
