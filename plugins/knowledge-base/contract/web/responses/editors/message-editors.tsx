import { Card as BpCard, InputGroup } from '@civic/sdk/web/blueprint';
import { useId } from '@civic/sdk/web/react';
import {
  CAROUSEL_CARD_MAX_BUTTONS,
  emptyCard,
  FORM_FIELD_TYPES,
  HORIZONTAL_ALIGNMENTS,
  type CardMessage,
  type CarouselMessage,
  type CustomPayloadMessage,
  type FileMessage,
  type FormFieldType,
  type FormMessage,
  type HorizontalAlignment,
  type HtmlMessage,
  type ImageGalleryMessage,
  type ImageMessage,
  type MiniCarouselMessage,
  type PayloadMessage,
  type QuickRepliesMessage,
  type ResponseMessage,
  type TableCardMessage,
  type TextMessage,
  type VideoMessage,
} from '../../../common/responses/index';
import {
  AddButton,
  ButtonsField,
  CardFields,
  CheckField,
  RemoveButton,
  removeAt,
  replaceAt,
  SelectField,
  StringListField,
  TextAreaField,
  TextField,
  type FieldErrors,
} from './fields';

/** Props of every per-kind editor: a controlled message, with the problems of its fields. */
export interface MessageEditorProps<M extends ResponseMessage> {
  value: M;
  onChange(next: M): void;
  readOnly?: boolean;
  /** Field path → message (`validateChannelResponses` problems of this message). */
  errors?: FieldErrors;
  /** Prefix for element ids (unique per message on the page); generated when absent. */
  idPrefix?: string;
}

function useIds(prefix?: string): string {
  const generated = useId();
  return prefix ?? `re${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

const MAX_LIST = 10;

export function TextMessageEditor({ value, onChange, readOnly, idPrefix }: MessageEditorProps<TextMessage>) {
  const id = useIds(idPrefix);
  return (
    <StringListField id={`${id}-text`} label="Text lines" itemLabel="Line" addText="Add line" values={value.text} readOnly={readOnly}
      onChange={(text) => onChange({ ...value, text })} />
  );
}

export function ImageMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<ImageMessage>) {
  const id = useIds(idPrefix);
  return (
    <>
      <TextField id={`${id}-uri`} label="Image URL" value={value.imageUri} placeholder="https://…" readOnly={readOnly} error={errors?.imageUri}
        onChange={(imageUri) => onChange({ ...value, imageUri })} />
      <TextField id={`${id}-alt`} label="Description for screen readers" value={value.accessibilityText} readOnly={readOnly}
        onChange={(accessibilityText) => onChange({ ...value, accessibilityText })} />
    </>
  );
}

export function QuickRepliesMessageEditor({ value, onChange, readOnly, idPrefix }: MessageEditorProps<QuickRepliesMessage>) {
  const id = useIds(idPrefix);
  return (
    <>
      <TextField id={`${id}-title`} label="Title" value={value.title} readOnly={readOnly} onChange={(title) => onChange({ ...value, title })} />
      <StringListField id={`${id}-replies`} label="Quick replies" itemLabel="Reply" addText="Add reply" values={value.quickReplies} readOnly={readOnly}
        onChange={(quickReplies) => onChange({ ...value, quickReplies })} />
    </>
  );
}

export function CardMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<CardMessage>) {
  const id = useIds(idPrefix);
  return <CardFields id={`${id}-card`} card={value.card} path="card" errors={errors} readOnly={readOnly} onChange={(card) => onChange({ ...value, card })} />;
}

const ALIGNMENT_LABELS: Record<HorizontalAlignment, string> = {
  HORIZONTAL_ALIGNMENT_UNSPECIFIED: 'Default',
  LEADING: 'Start',
  CENTER: 'Centre',
  TRAILING: 'End',
};

export function TableCardMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<TableCardMessage>) {
  const id = useIds(idPrefix);
  const setColumns = (columns: TableCardMessage['columns'], rows = value.rows) =>
    onChange({ ...value, columns, rows: rows.map((row) => ({ ...row, cells: columns.map((_, c) => row.cells[c] ?? '') })) });
  return (
    <>
      <TextField id={`${id}-title`} label="Title" value={value.title} readOnly={readOnly} onChange={(title) => onChange({ ...value, title })} />
      <TextField id={`${id}-subtitle`} label="Subtitle" value={value.subtitle} readOnly={readOnly} onChange={(subtitle) => onChange({ ...value, subtitle })} />
      <TextField id={`${id}-image`} label="Image URL" value={value.imageUri} placeholder="https://…" readOnly={readOnly} error={errors?.imageUri}
        onChange={(imageUri) => onChange({ ...value, imageUri })} />
      <fieldset className="civic-re-fieldset">
        <legend>Columns</legend>
        <ol className="civic-re-rows">
          {value.columns.map((column, c) => (
            <li key={c} className="civic-re-row civic-re-row--top">
              <TextField id={`${id}-col-${c}`} label={`Column ${c + 1} header`} value={column.header} readOnly={readOnly}
                onChange={(header) => setColumns(replaceAt(value.columns, c, { ...column, header }))} />
              <SelectField id={`${id}-col-${c}-align`} label="Alignment" value={column.horizontalAlignment} options={HORIZONTAL_ALIGNMENTS} labels={ALIGNMENT_LABELS}
                readOnly={readOnly} onChange={(horizontalAlignment) => setColumns(replaceAt(value.columns, c, { ...column, horizontalAlignment }))} />
              {value.columns.length > 1 && (
                <RemoveButton label={`Remove column ${c + 1}`} readOnly={readOnly}
                  onClick={() => setColumns(removeAt(value.columns, c), value.rows.map((row) => ({ ...row, cells: removeAt(row.cells, c) })))} />
              )}
            </li>
          ))}
        </ol>
        <AddButton text="Add column" readOnly={readOnly} disabled={value.columns.length >= MAX_LIST}
          onClick={() => setColumns([...value.columns, { header: '', horizontalAlignment: 'HORIZONTAL_ALIGNMENT_UNSPECIFIED' }])} />
      </fieldset>
      <fieldset className="civic-re-fieldset">
        <legend>Rows</legend>
        <ol className="civic-re-rows">
          {value.rows.map((row, r) => (
            <li key={r} className="civic-re-row">
              {value.columns.map((column, c) => (
                <InputGroup key={c} aria-label={`Row ${r + 1}, ${column.header || `column ${c + 1}`}`} value={row.cells[c] ?? ''} readOnly={readOnly}
                  onValueChange={(cell) => onChange({ ...value, rows: replaceAt(value.rows, r, { ...row, cells: replaceAt(value.columns.map((_, i) => row.cells[i] ?? ''), c, cell) }) })} />
              ))}
              <CheckField id={`${id}-row-${r}-divider`} label="Divider after" checked={row.dividerAfter} readOnly={readOnly}
                onChange={(dividerAfter) => onChange({ ...value, rows: replaceAt(value.rows, r, { ...row, dividerAfter }) })} />
              <RemoveButton label={`Remove row ${r + 1}`} readOnly={readOnly} onClick={() => onChange({ ...value, rows: removeAt(value.rows, r) })} />
            </li>
          ))}
        </ol>
        <AddButton text="Add row" readOnly={readOnly}
          onClick={() => onChange({ ...value, rows: [...value.rows, { cells: value.columns.map(() => ''), dividerAfter: false }] })} />
      </fieldset>
      <ButtonsField id={`${id}-buttons`} buttons={value.buttons} path="buttons" errors={errors} readOnly={readOnly} onChange={(buttons) => onChange({ ...value, buttons })} />
    </>
  );
}

export function PayloadMessageEditor({ value, onChange, readOnly, idPrefix }: MessageEditorProps<PayloadMessage>) {
  const id = useIds(idPrefix);
  return (
    <>
      <TextField id={`${id}-type`} label="Payload type" value={value.payloadType} readOnly={readOnly} onChange={(payloadType) => onChange({ ...value, payloadType })} />
      <TextAreaField id={`${id}-content`} label="Content" value={value.content} monospace readOnly={readOnly} onChange={(content) => onChange({ ...value, content })} />
    </>
  );
}

const FIELD_TYPE_LABELS: Record<FormFieldType, string> = { text: 'Text', email: 'Email', number: 'Number', date: 'Date', select: 'List' };

export function FormMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<FormMessage>) {
  const id = useIds(idPrefix);
  return (
    <>
      <TextField id={`${id}-title`} label="Title" value={value.title} readOnly={readOnly} onChange={(title) => onChange({ ...value, title })} />
      <fieldset className="civic-re-fieldset">
        <legend>Fields</legend>
        <ol className="civic-re-rows">
          {value.fields.map((field, f) => {
            const set = (next: Partial<typeof field>) => onChange({ ...value, fields: replaceAt(value.fields, f, { ...field, ...next }) });
            return (
              <li key={f} className="civic-re-row civic-re-row--top civic-re-row--wrap">
                <TextField id={`${id}-f${f}-name`} label={`Field ${f + 1} name`} value={field.name} readOnly={readOnly} error={errors?.[`fields.${f}.name`]}
                  onChange={(name) => set({ name })} />
                <TextField id={`${id}-f${f}-label`} label="Label" value={field.label} readOnly={readOnly} onChange={(label) => set({ label })} />
                <SelectField id={`${id}-f${f}-type`} label="Type" value={field.fieldType} options={FORM_FIELD_TYPES} labels={FIELD_TYPE_LABELS} readOnly={readOnly}
                  onChange={(fieldType) => set({ fieldType })} />
                {field.fieldType === 'select' && (
                  <TextField id={`${id}-f${f}-options`} label="Options (comma separated)" value={field.options.join(', ')} readOnly={readOnly}
                    error={errors?.[`fields.${f}.options`]} onChange={(text) => set({ options: text.split(',').map((o) => o.trimStart()) })} />
                )}
                <CheckField id={`${id}-f${f}-required`} label="Required" checked={field.required} readOnly={readOnly} onChange={(required) => set({ required })} />
                <RemoveButton label={`Remove field ${f + 1}`} readOnly={readOnly} onClick={() => onChange({ ...value, fields: removeAt(value.fields, f) })} />
              </li>
            );
          })}
        </ol>
        <AddButton text="Add field" readOnly={readOnly} disabled={value.fields.length >= MAX_LIST}
          onClick={() => onChange({ ...value, fields: [...value.fields, { name: '', label: '', fieldType: 'text', required: false, options: [] }] })} />
      </fieldset>
      <TextField id={`${id}-submit`} label="Submit button text" value={value.submitLabel} placeholder="Submit" readOnly={readOnly}
        onChange={(submitLabel) => onChange({ ...value, submitLabel })} />
    </>
  );
}

export function CarouselMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<CarouselMessage>) {
  const id = useIds(idPrefix);
  return (
    <ol className="civic-re-carousel">
      {value.items.map((item, i) => (
        <li key={i}>
          <BpCard compact className="civic-re-subcard">
            <div className="civic-re-subcard__header">
              <h4 className="civic-re-subcard__title">Card {i + 1}</h4>
              {value.items.length > 1 && <RemoveButton label={`Remove card ${i + 1}`} readOnly={readOnly} onClick={() => onChange({ ...value, items: removeAt(value.items, i) })} />}
            </div>
            <CardFields id={`${id}-c${i}`} card={item.card} path={`items.${i}.card`} errors={errors} readOnly={readOnly} maxButtons={CAROUSEL_CARD_MAX_BUTTONS}
              onChange={(card) => onChange({ ...value, items: replaceAt(value.items, i, { card }) })} />
          </BpCard>
        </li>
      ))}
      <li>
        <AddButton text="Add card" readOnly={readOnly} disabled={value.items.length >= MAX_LIST}
          onClick={() => onChange({ ...value, items: [...value.items, { card: emptyCard() }] })} />
      </li>
    </ol>
  );
}

export function VideoMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<VideoMessage>) {
  const id = useIds(idPrefix);
  return (
    <>
      <TextField id={`${id}-uri`} label="Video URL" value={value.videoUri} placeholder="https://…" readOnly={readOnly} error={errors?.videoUri}
        onChange={(videoUri) => onChange({ ...value, videoUri })} />
      <TextField id={`${id}-title`} label="Title" value={value.title} readOnly={readOnly} onChange={(title) => onChange({ ...value, title })} />
    </>
  );
}

export function HtmlMessageEditor({ value, onChange, readOnly, idPrefix }: MessageEditorProps<HtmlMessage>) {
  const id = useIds(idPrefix);
  return (
    <TextAreaField id={`${id}-html`} label="HTML" value={value.html} monospace rows={5} readOnly={readOnly}
      helper="Scripts, styles, forms and frames are removed when saved." onChange={(html) => onChange({ ...value, html })} />
  );
}

export function CustomPayloadMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<CustomPayloadMessage>) {
  const id = useIds(idPrefix);
  return (
    <TextAreaField id={`${id}-json`} label="Custom payload (JSON)" value={value.json} monospace rows={5} readOnly={readOnly} error={errors?.json}
      onChange={(json) => onChange({ ...value, json })} />
  );
}

export function FileMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<FileMessage>) {
  const id = useIds(idPrefix);
  return (
    <>
      <TextField id={`${id}-uri`} label="File URL" value={value.fileUri} placeholder="https://…" readOnly={readOnly} error={errors?.fileUri}
        onChange={(fileUri) => onChange({ ...value, fileUri })} />
      <TextField id={`${id}-name`} label="File name" value={value.name} readOnly={readOnly} onChange={(name) => onChange({ ...value, name })} />
    </>
  );
}

export function ImageGalleryMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<ImageGalleryMessage>) {
  const id = useIds(idPrefix);
  return (
    <fieldset className="civic-re-fieldset">
      <legend>Images</legend>
      <ol className="civic-re-rows">
        {value.images.map((image, i) => (
          <li key={i} className="civic-re-row civic-re-row--top">
            <TextField id={`${id}-i${i}-uri`} label={`Image ${i + 1} URL`} value={image.imageUri} placeholder="https://…" readOnly={readOnly}
              error={errors?.[`images.${i}.imageUri`]} onChange={(imageUri) => onChange({ ...value, images: replaceAt(value.images, i, { ...image, imageUri }) })} />
            <TextField id={`${id}-i${i}-alt`} label="Description" value={image.accessibilityText} readOnly={readOnly}
              onChange={(accessibilityText) => onChange({ ...value, images: replaceAt(value.images, i, { ...image, accessibilityText }) })} />
            <RemoveButton label={`Remove image ${i + 1}`} readOnly={readOnly} onClick={() => onChange({ ...value, images: removeAt(value.images, i) })} />
          </li>
        ))}
      </ol>
      <AddButton text="Add image" readOnly={readOnly} disabled={value.images.length >= MAX_LIST * 2}
        onClick={() => onChange({ ...value, images: [...value.images, { imageUri: '', accessibilityText: '' }] })} />
    </fieldset>
  );
}

export function MiniCarouselMessageEditor({ value, onChange, readOnly, errors, idPrefix }: MessageEditorProps<MiniCarouselMessage>) {
  const id = useIds(idPrefix);
  return (
    <fieldset className="civic-re-fieldset">
      <legend>Items</legend>
      <ol className="civic-re-rows">
        {value.items.map((item, i) => {
          const set = (next: Partial<typeof item>) => onChange({ ...value, items: replaceAt(value.items, i, { ...item, ...next }) });
          return (
            <li key={i} className="civic-re-row civic-re-row--top">
              <TextField id={`${id}-m${i}-title`} label={`Item ${i + 1} title`} value={item.title} readOnly={readOnly} onChange={(title) => set({ title })} />
              <TextField id={`${id}-m${i}-image`} label="Image URL" value={item.imageUri} placeholder="https://…" readOnly={readOnly}
                error={errors?.[`items.${i}.imageUri`]} onChange={(imageUri) => set({ imageUri })} />
              <TextField id={`${id}-m${i}-postback`} label="Link or reply" value={item.postback} readOnly={readOnly}
                error={errors?.[`items.${i}.postback`]} onChange={(postback) => set({ postback })} />
              <RemoveButton label={`Remove item ${i + 1}`} readOnly={readOnly} onClick={() => onChange({ ...value, items: removeAt(value.items, i) })} />
            </li>
          );
        })}
      </ol>
      <AddButton text="Add item" readOnly={readOnly} disabled={value.items.length >= MAX_LIST}
        onClick={() => onChange({ ...value, items: [...value.items, { title: '', imageUri: '', postback: '' }] })} />
    </fieldset>
  );
}

/** The editor of any message, by its kind. */
export function ResponseMessageEditor(props: MessageEditorProps<ResponseMessage>) {
  const { value } = props;
  // Each branch narrows `value`; onChange keeps the kind, so the casts are sound.
  const p = props as MessageEditorProps<never>;
  switch (value.type) {
    case 'text': return <TextMessageEditor {...p} value={value} />;
    case 'image': return <ImageMessageEditor {...p} value={value} />;
    case 'quickReplies': return <QuickRepliesMessageEditor {...p} value={value} />;
    case 'card': return <CardMessageEditor {...p} value={value} />;
    case 'tableCard': return <TableCardMessageEditor {...p} value={value} />;
    case 'payload': return <PayloadMessageEditor {...p} value={value} />;
    case 'form': return <FormMessageEditor {...p} value={value} />;
    case 'carousel': return <CarouselMessageEditor {...p} value={value} />;
    case 'video': return <VideoMessageEditor {...p} value={value} />;
    case 'html': return <HtmlMessageEditor {...p} value={value} />;
    case 'customPayload': return <CustomPayloadMessageEditor {...p} value={value} />;
    case 'file': return <FileMessageEditor {...p} value={value} />;
    case 'imageGallery': return <ImageGalleryMessageEditor {...p} value={value} />;
    case 'miniCarousel': return <MiniCarouselMessageEditor {...p} value={value} />;
    default: return null;
  }
}

