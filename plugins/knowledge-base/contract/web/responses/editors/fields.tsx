import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, TextArea } from '@civic/sdk/web/blueprint';
import { AddIcon, TrashIcon } from '@civic/sdk/web/icons';
import type { ReactNode } from '@civic/sdk/web/react';
import {
  IMAGE_DISPLAY_OPTIONS,
  isBlankButton,
  withoutBlankButtons,
  type Card,
  type CardButton,
  type ImageDisplayOption,
} from '../../../common/responses/index';

/** Field path → message, from `validateChannelResponses` for one message. */
export type FieldErrors = Readonly<Record<string, string>>;

export interface FieldBase {
  id: string;
  label: string;
  readOnly?: boolean;
  error?: string;
  helper?: ReactNode;
}

function helperText(id: string, error?: string, helper?: ReactNode): ReactNode {
  if (error) return <span id={`${id}-error`}>{error}</span>;
  return helper;
}

export function TextField({ id, label, value, onChange, readOnly, error, helper, placeholder, type = 'text' }: FieldBase & {
  value: string;
  onChange(next: string): void;
  placeholder?: string;
  type?: string;
}) {
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText(id, error, helper)} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        readOnly={readOnly}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onValueChange={(next) => onChange(next)}
      />
    </FormGroup>
  );
}

export function TextAreaField({ id, label, value, onChange, readOnly, error, helper, monospace, rows = 3 }: FieldBase & {
  value: string;
  onChange(next: string): void;
  monospace?: boolean;
  rows?: number;
}) {
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText(id, error, helper)} intent={error ? 'danger' : 'none'}>
      <TextArea
        id={id}
        value={value}
        rows={rows}
        fill
        readOnly={readOnly}
        intent={error ? 'danger' : 'none'}
        className={monospace ? 'civic-re-monospace' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormGroup>
  );
}

export function SelectField<T extends string>({ id, label, value, options, onChange, readOnly, labels }: FieldBase & {
  value: T;
  options: readonly T[];
  labels?: Partial<Record<T, string>>;
  onChange(next: T): void;
}) {
  return (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect
        id={id}
        value={value}
        disabled={readOnly}
        options={options.map((option) => ({ value: option, label: labels?.[option] ?? option }))}
        onChange={(event) => onChange(event.target.value as T)}
      />
    </FormGroup>
  );
}

export function CheckField({ id, label, checked, onChange, readOnly }: { id: string; label: string; checked: boolean; onChange(next: boolean): void; readOnly?: boolean }) {
  return <Checkbox id={id} label={label} checked={checked} disabled={readOnly} onChange={(event) => onChange(event.currentTarget.checked)} />;
}

/** Replace one element of a list without changing the others. */
export function replaceAt<T>(list: readonly T[], index: number, next: T): T[] {
  return list.map((item, i) => (i === index ? next : item));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function RemoveButton({ label, onClick, readOnly }: { label: string; onClick(): void; readOnly?: boolean }) {
  if (readOnly) return null;
  return <Button variant="minimal" icon={<TrashIcon />} aria-label={label} title={label} onClick={onClick} />;
}

export function AddButton({ text, onClick, readOnly, disabled }: { text: string; onClick(): void; readOnly?: boolean; disabled?: boolean }) {
  if (readOnly) return null;
  return <Button variant="minimal" size="small" icon={<AddIcon />} text={text} disabled={disabled} onClick={onClick} />;
}

/** A list of one-line strings (text lines, quick replies), each labelled, with add and remove. */
export function StringListField({ id, label, itemLabel, values, onChange, readOnly, addText }: {
  id: string;
  label: string;
  itemLabel: string;
  values: readonly string[];
  onChange(next: string[]): void;
  readOnly?: boolean;
  addText: string;
}) {
  const list = values.length > 0 ? values : [''];
  return (
    <fieldset className="civic-re-fieldset">
      <legend>{label}</legend>
      <ol className="civic-re-rows">
        {list.map((value, i) => (
          <li key={i} className="civic-re-row">
            <InputGroup
              id={`${id}-${i}`}
              aria-label={`${itemLabel} ${i + 1}`}
              value={value}
              readOnly={readOnly}
              fill
              onValueChange={(next) => onChange(replaceAt(list, i, next))}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !readOnly && i === list.length - 1 && value.trim() !== '') {
                  event.preventDefault();
                  onChange([...list, '']);
                  requestAnimationFrame(() => document.getElementById(`${id}-${i + 1}`)?.focus());
                }
              }}
            />
            {list.length > 1 && <RemoveButton label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`} readOnly={readOnly} onClick={() => onChange(removeAt(list, i))} />}
          </li>
        ))}
      </ol>
      <AddButton text={addText} readOnly={readOnly} onClick={() => onChange([...list, ''])} />
    </fieldset>
  );
}

/**
 * The rows the button editor shows: the buttons without blanks plus one blank row for entry (§5),
 * unless `max` buttons are already there (carousel cards: 3).
 */
export function buttonEntryRows(buttons: readonly CardButton[], max?: number): CardButton[] {
  const filled = withoutBlankButtons(buttons);
  if (max !== undefined && filled.length >= max) return filled.slice(0, max);
  return [...filled, { text: '', postback: '' }];
}

export function ButtonsField({ id, buttons, onChange, readOnly, errors, path, max }: {
  id: string;
  buttons: readonly CardButton[];
  onChange(next: CardButton[]): void;
  readOnly?: boolean;
  errors?: FieldErrors;
  /** Field path of the buttons inside the message, e.g. `card.buttons`. */
  path: string;
  max?: number;
}) {
  const rows = readOnly ? withoutBlankButtons(buttons) : buttonEntryRows(buttons, max);
  const change = (next: CardButton[]) => onChange(buttonEntryRows(next, max));
  return (
    <fieldset className="civic-re-fieldset">
      <legend>Buttons{max !== undefined ? ` (at most ${max})` : ''}</legend>
      <ol className="civic-re-rows">
        {rows.map((button, i) => {
          const textError = errors?.[`${path}.${i}.text`];
          const postbackError = errors?.[`${path}.${i}.postback`];
          return (
            <li key={i} className="civic-re-row civic-re-row--top">
              <TextField id={`${id}-${i}-text`} label={`Button ${i + 1} text`} value={button.text} readOnly={readOnly} error={textError}
                onChange={(text) => change(replaceAt(rows, i, { ...button, text }))} />
              <TextField id={`${id}-${i}-postback`} label={`Button ${i + 1} link or reply`} value={button.postback} readOnly={readOnly} error={postbackError}
                placeholder="https://… or reply text"
                onChange={(postback) => change(replaceAt(rows, i, { ...button, postback }))} />
              {isBlankButton(button) ? (
                !readOnly && <span className="civic-re-remove-spacer" aria-hidden="true" />
              ) : (
                <RemoveButton label={`Remove button ${i + 1}`} readOnly={readOnly} onClick={() => change(removeAt(rows, i))} />
              )}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

const IMAGE_DISPLAY_LABELS: Record<ImageDisplayOption, string> = {
  IMAGE_DISPLAY_OPTIONS_UNSPECIFIED: 'Default',
  GRAY: 'Gray background',
  WHITE: 'White background',
  CROPPED: 'Cropped',
  BLURRED_BACKGROUND: 'Blurred background',
};

/** The fields of a card (card message and each carousel card). */
export function CardFields({ id, card, onChange, readOnly, errors, path, maxButtons }: {
  id: string;
  card: Card;
  onChange(next: Card): void;
  readOnly?: boolean;
  errors?: FieldErrors;
  path: string;
  maxButtons?: number;
}) {
  return (
    <div className="civic-re-card-fields">
      <TextField id={`${id}-title`} label="Title" value={card.title} readOnly={readOnly} onChange={(title) => onChange({ ...card, title })} />
      <TextAreaField id={`${id}-subtitle`} label="Subtitle" value={card.subtitle} rows={2} readOnly={readOnly} onChange={(subtitle) => onChange({ ...card, subtitle })} />
      <TextField id={`${id}-image`} label="Image URL" value={card.imageUri} readOnly={readOnly} error={errors?.[`${path}.imageUri`]}
        placeholder="https://…" onChange={(imageUri) => onChange({ ...card, imageUri })} />
      <SelectField id={`${id}-display`} label="Image display" value={card.imageDisplay ?? 'IMAGE_DISPLAY_OPTIONS_UNSPECIFIED'} options={IMAGE_DISPLAY_OPTIONS}
        labels={IMAGE_DISPLAY_LABELS} readOnly={readOnly} onChange={(imageDisplay) => onChange({ ...card, imageDisplay })} />
      <ButtonsField id={`${id}-buttons`} buttons={card.buttons ?? []} path={`${path}.buttons`} errors={errors} readOnly={readOnly} max={maxButtons}
        onChange={(buttons) => onChange({ ...card, buttons })} />
    </div>
  );
}
