import { FormGroup, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import type { DtoForm } from '../forms/use-dto-form';

export interface FormFieldProps<F extends string> extends Omit<InputGroupProps, 'name' | 'value' | 'onChange' | 'form'> {
  form: DtoForm<F>;
  field: F;
  label: string;
  helper?: string;
}

/** A labelled input bound to a DtoForm, its message under it (announced via aria-describedby). */
export function FormField<F extends string>({ form, field, label, helper, ...input }: FormFieldProps<F>) {
  const bound = form.input(field);
  const error = form.errors[field];
  return (
    <FormGroup
      label={label}
      labelFor={bound.id}
      helperText={error ? <span id={`${bound.id}-error`}>{error}</span> : helper}
      intent={error ? 'danger' : 'none'}
    >
      <InputGroup size="large" {...input} {...bound} />
    </FormGroup>
  );
}
