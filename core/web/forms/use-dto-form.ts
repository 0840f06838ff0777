import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import type { ClassConstructor } from 'class-transformer';
import { validateDto } from '@civic/core/common/dto/validate';

export interface DtoForm<F extends string> {
  values: Record<F, string>;
  errors: Partial<Record<F, string>>;
  refs: Record<F, RefObject<HTMLInputElement | null>>;
  set(field: F, value: string): void;
  /** Validates everything; shows every message and focuses the first invalid field. True when valid. */
  check(): boolean;
  /** A server 422's field messages (and others, e.g. a 409 on the email), shown under the fields. */
  showErrors(errors: Partial<Record<F, string>>): void;
  reset(values?: Partial<Record<F, string>>): void;
  /** Props for a Blueprint InputGroup bound to `field`. */
  input(field: F): {
    id: string;
    name: string;
    inputRef: RefObject<HTMLInputElement | null>;
    value: string;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
    intent: 'danger' | undefined;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
}

/**
 * One form validated with the DTO the server uses (UX.md "Forms"): messages under the field on blur
 * and on submit, the submit button always enabled, the first invalid field focused.
 * `prepare` maps the typed values to the DTO's plain object (trim, extra fields).
 */
export function useDtoForm<F extends string>(
  id: string,
  dto: ClassConstructor<object>,
  initial: Record<F, string>,
  prepare: (values: Record<F, string>) => object = (v) => v,
): DtoForm<F> {
  const fields = Object.keys(initial) as F[];
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const refs = useRef(Object.fromEntries(fields.map((f) => [f, { current: null }])) as Record<F, RefObject<HTMLInputElement | null>>).current;

  const validate = (next: Record<F, string>): Partial<Record<F, string>> => {
    const outcome = validateDto(dto, prepare(next));
    return Object.fromEntries(fields.map((f) => [f, outcome.fields[f]?.[0]])) as Partial<Record<F, string>>;
  };

  const form: DtoForm<F> = {
    values,
    errors,
    refs,
    set(field, value) {
      const next = { ...values, [field]: value };
      setValues(next);
      const found = validate(next);
      // Re-check the touched fields as the user types (a confirmation follows its password).
      setErrors(Object.fromEntries(fields.map((f) => [f, touched[f] ? found[f] : undefined])) as Partial<Record<F, string>>);
    },
    check() {
      const found = validate(values);
      setTouched(Object.fromEntries(fields.map((f) => [f, true])) as Record<F, boolean>);
      setErrors(found);
      const first = fields.find((f) => found[f]);
      if (first) refs[first].current?.focus();
      return !first;
    },
    showErrors(shown) {
      setErrors(shown);
      const first = fields.find((f) => shown[f]);
      if (first) refs[first].current?.focus();
    },
    reset(next) {
      setValues({ ...initial, ...next });
      setErrors({});
      setTouched({});
    },
    input(field) {
      return {
        id: `${id}-${field}`,
        name: field,
        inputRef: refs[field],
        value: values[field],
        onChange: (e: ChangeEvent<HTMLInputElement>) => form.set(field, e.target.value),
        onBlur: () => {
          setTouched((t) => ({ ...t, [field]: true }));
          // A server's verdict on this value (409 "name taken") stays until the value changes: clearing
          // it on blur would shrink the form under the pointer and swallow a click on Cancel.
          setErrors((e) => ({ ...e, [field]: validate(values)[field] ?? e[field] }));
        },
        intent: errors[field] ? 'danger' : undefined,
        'aria-invalid': errors[field] ? true : undefined,
        'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
      };
    },
  };
  return form;
}

/** The messages of an ApiError's 422 `fields`, first one per form field. */
export function serverFieldErrors<F extends string>(fields: Record<string, string[]>, names: readonly F[]): Partial<Record<F, string>> {
  return Object.fromEntries(names.filter((n) => fields[n]?.[0]).map((n) => [n, fields[n][0]])) as Partial<Record<F, string>>;
}
