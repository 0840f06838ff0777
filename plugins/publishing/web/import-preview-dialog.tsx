import { Alert, Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, Tag } from '@civic/sdk/web/blueprint';
import { Column, rowCells, VirtualTable } from '@civic/sdk/web/blueprint-table';
import { useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { DataGrid, useFittedColumns } from '@civic/sdk/web/lists';
import type { AgentImportPreview, AgentPreviewItem, AgentPreviewTotals } from '../common/api';
import { overwritten } from '../common/messages';
import './import-preview.css';
import { formatCount } from '@civic/sdk/common/format';

type Filter = 'all' | AgentPreviewItem['status'];

const STATUS_LABELS = { new: 'New', changed: 'Changed', unchanged: 'Unchanged' } as const;
const STATUS_INTENTS = { new: 'success', changed: 'warning', unchanged: 'none' } as const;
const TYPE_LABELS = { intent: 'Intent', entityType: 'Entity type' } as const;
const FILTERS: Filter[] = ['all', 'new', 'changed', 'unchanged'];
const COLUMN_WIDTHS = [110, 260, 110, 360];
const ROW_HEIGHT = 32;

function totalsText(totals: AgentPreviewTotals): string {
  return `${formatCount(totals.new)} new, ${formatCount(totals.changed)} changed, ${formatCount(totals.unchanged)} unchanged`;
}

/** "2 changed intents and 1 changed entity type will be overwritten": the words the import asks with. */
export function overwriteWarning(preview: AgentImportPreview): string | null {
  const { intents, entityTypes } = preview;
  return intents.changed + entityTypes.changed > 0 ? `${overwritten(intents.changed, entityTypes.changed)} will be overwritten` : null;
}

/**
 * What importing an agent zip would do, before it is done: totals, then each intent and entity type
 * (virtualised: a real agent has thousands) as new, changed (with what changes) or unchanged, with a
 * filter. Import asks again, in words, when it would overwrite changed ones.
 */
export function ImportPreviewDialog(props: { preview: AgentImportPreview | null; busy: boolean; onImport(overwrite: boolean): void; onCancel(): void }) {
  const { preview } = props;
  const [filter, setFilter] = useState<Filter>('all');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    setFilter('all');
    setConfirming(false);
  }, [preview]);

  const items = useMemo(() => (preview ? preview.items.filter((item) => filter === 'all' || item.status === filter) : []), [preview, filter]);
  const [box, widths] = useFittedColumns(COLUMN_WIDTHS);
  const renderers = useMemo(() => {
    const cell = rowCells(items);
    return {
      type: cell.text((item) => TYPE_LABELS[item.type]),
      name: cell.text((item) => item.name),
      status: cell.node((item) => (
        <Tag minimal intent={STATUS_INTENTS[item.status]}>
          {STATUS_LABELS[item.status]}
        </Tag>
      )),
      changes: cell.text((item) => item.changes.join(', ')),
    };
  }, [items]);

  if (!preview) return null;
  const count = (status: Filter) => (status === 'all' ? preview.items.length : preview.items.filter((item) => item.status === status).length);
  const warning = overwriteWarning(preview);
  const nothingChanges = preview.items.every((item) => item.status === 'unchanged');

  return (
    <Dialog isOpen onClose={props.onCancel} title={`Import ${preview.fileName}`} className="civic-import-preview">
      <DialogBody>
        <p role="status">
          Intents: {totalsText(preview.intents)}. Entity types: {totalsText(preview.entityTypes)}.
        </p>
        {preview.tierLimit && (
          <Callout intent="danger" title="Over the subscription's limit">
            {preview.tierLimit}
          </Callout>
        )}
        {nothingChanges && <Callout intent="primary">Every intent and entity type in the file is already in the draft as it is.</Callout>}
        {warning && (
          <Callout intent="warning" title={warning}>
            Their training phrases, responses and settings in the draft are replaced by the file&apos;s.
          </Callout>
        )}
        <ButtonGroup role="group" aria-label="Show" className="civic-import-preview-filter">
          {FILTERS.map((status) => (
            <Button key={status} active={filter === status} aria-pressed={filter === status} onClick={() => setFilter(status)}>
              {status === 'all' ? 'All' : STATUS_LABELS[status]} ({formatCount(count(status))})
            </Button>
          ))}
        </ButtonGroup>
        <DataGrid className="civic-import-preview-table" label="What the import does" rowCount={items.length} colCount={COLUMN_WIDTHS.length} boxRef={box}>
          <VirtualTable
            numRows={items.length}
            defaultRowHeight={ROW_HEIGHT}
            columnWidths={widths}
            cellRendererDependencies={[items, widths]}
          >
            <Column name="Type" cellRenderer={renderers.type} />
            <Column name="Name" cellRenderer={renderers.name} />
            <Column name="Result" cellRenderer={renderers.status} />
            <Column name="What changes" cellRenderer={renderers.changes} />
          </VirtualTable>
        </DataGrid>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onCancel} />
            <Button
              intent="primary"
              text="Import"
              loading={props.busy}
              disabled={preview.tierLimit !== null}
              onClick={() => (warning ? setConfirming(true) : props.onImport(false))}
            />
          </>
        }
      />
      <Alert
        isOpen={confirming}
        intent="warning"
        cancelButtonText="Back"
        confirmButtonText="Overwrite and import"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          props.onImport(true);
        }}
      >
        <p>{warning}.</p>
        <p>The draft&apos;s version of each is replaced by the file&apos;s; publish only after checking them.</p>
      </Alert>
    </Dialog>
  );
}
