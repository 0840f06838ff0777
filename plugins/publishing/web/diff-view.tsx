import { Callout, HTMLTable, Tag } from '@civic/sdk/web/blueprint';
import { SECTION_LABELS, type FieldChange, type SnapshotDiff } from '../common/diff';

const CHANGE_INTENT = { added: 'success', removed: 'danger', changed: 'primary' } as const;
const CHANGE_LABEL = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

function Value(props: { value: string | string[] | null }) {
  const { value } = props;
  if (value === null) return <span className="bp6-text-muted">—</span>;
  if (Array.isArray(value)) {
    return (
      <ul className="civic-diff-list">
        {value.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  }
  return <span>{value}</span>;
}

function Field(props: { field: FieldChange }) {
  const { field } = props;
  const listChange = field.added !== undefined || field.removed !== undefined;
  return (
    <tr>
      <th scope="row">{field.field}</th>
      {listChange ? (
        <td colSpan={2}>
          {(field.added ?? []).map((item, index) => (
            <div key={`a${index}`} className="civic-diff-added">
              + {item}
            </div>
          ))}
          {(field.removed ?? []).map((item, index) => (
            <div key={`r${index}`} className="civic-diff-removed">
              − {item}
            </div>
          ))}
          {(field.added ?? []).length === 0 && (field.removed ?? []).length === 0 && <span>Order changed</span>}
        </td>
      ) : (
        <>
          <td>
            <Value value={field.before} />
          </td>
          <td>
            <Value value={field.after} />
          </td>
        </>
      )}
    </tr>
  );
}

/** Per item: what changed, with a before/after row per changed field (list fields show + and − entries). */
export function DiffView(props: { diff: SnapshotDiff; fromLabel: string; toLabel: string }) {
  const { diff, fromLabel, toLabel } = props;
  if (diff.changes.length === 0) return <Callout intent="success">No differences between {fromLabel} and {toLabel}.</Callout>;
  return (
    <div className="civic-diff" aria-label={`Differences from ${fromLabel} to ${toLabel}`}>
      <p>
        {diff.summary.added} added, {diff.summary.changed} changed, {diff.summary.removed} removed.
      </p>
      {diff.changes.map((change) => (
        <section key={`${change.section}:${change.id}`} className="civic-diff-item" aria-label={`${CHANGE_LABEL[change.change]} ${SECTION_LABELS[change.section]} ${change.name}`}>
          <h4>
            <Tag intent={CHANGE_INTENT[change.change]} minimal>
              {CHANGE_LABEL[change.change]}
            </Tag>{' '}
            {SECTION_LABELS[change.section]}: {change.name}
          </h4>
          <HTMLTable compact className="civic-diff-fields">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">{fromLabel}</th>
                <th scope="col">{toLabel}</th>
              </tr>
            </thead>
            <tbody>
              {change.fields.map((field) => (
                <Field key={field.field} field={field} />
              ))}
            </tbody>
          </HTMLTable>
        </section>
      ))}
    </div>
  );
}
