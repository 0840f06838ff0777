import { Button, Callout, Drawer, HTMLTable } from '@civic/sdk/web/blueprint';
import { CrossIcon } from '@civic/sdk/web/icons';
import { useEffect, useState } from '@civic/sdk/web/react';
import { useService } from '@civic/sdk/web';
import { fieldLabel } from '@civic/sdk/common/validation';
import { isApiError } from '@civic/sdk/web/services';
import type { AuditDetail } from '../common/api';
import { AuditLogStore } from './audit-log-store';
import { formatTime } from './format-time';

/**
 * An audit entry's detail (facts, the changes field by field, the hash chain) in a drawer: its own
 * module, fetched when an entry is first opened, so the page's first load does without it (issue 16).
 */
export function AuditDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const store = useService<AuditLogStore>(AuditLogStore);
  const [detail, setDetail] = useState<AuditDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    setDetail(null);
    setError(null);
    store.detail(id).then(
      (loaded) => live && setDetail(loaded),
      (failure: unknown) => live && setError(isApiError(failure) ? failure.message : 'The entry could not be loaded'),
    );
    return () => {
      live = false;
    };
  }, [id, store]);

  return (
    <Drawer isOpen={id !== null} onClose={onClose} size="560px">
      {/* Blueprint's Drawer carries no dialog role: the panel inside does, named by its heading. */}
      <div role="dialog" aria-modal="true" aria-labelledby="audit-detail-title" className="civic-audit-drawer">
        <div className="civic-audit-drawer-header">
          <h2 id="audit-detail-title">{id !== null ? `Audit entry #${id}` : ''}</h2>
          <Button variant="minimal" icon={<CrossIcon />} aria-label="Close" onClick={onClose} />
        </div>
        <div className="civic-audit-drawer-body">
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          {!detail && !error && <p role="status">Loading…</p>}
          {detail && (
            <>
              <dl className="civic-facts">
                <dt>Time</dt>
                <dd>{formatTime(detail.at)}</dd>
                <dt>Actor</dt>
                <dd>{detail.actorEmail}</dd>
                <dt>App</dt>
                <dd>{detail.appId ?? '—'}</dd>
                <dt>Action</dt>
                <dd>{detail.action}</dd>
                <dt>Target</dt>
                <dd>{detail.target ?? '—'}</dd>
                <dt>Summary</dt>
                <dd>{detail.summary}</dd>
                <dt>IP address</dt>
                <dd>{detail.ip}</dd>
              </dl>
              <h3>Changes</h3>
              <ChangesTable before={detail.before} after={detail.after} />
              <h3>Hash chain</h3>
              <dl className="civic-facts">
                <dt>Previous hash</dt>
                <dd className="civic-audit-hash">{detail.prevHash}</dd>
                <dt>Hash</dt>
                <dd className="civic-audit-hash">{detail.hash}</dd>
              </dl>
            </>
          )}
        </div>
      </div>
    </Drawer>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function shown(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '(none)';
  return JSON.stringify(value);
}

/** Field by field when both sides are objects (the usual case); otherwise each side as JSON. */
function ChangesTable({ before, after }: { before: unknown; after: unknown }) {
  if ((before === null || before === undefined) && (after === null || after === undefined)) return <p>Not recorded for this entry.</p>;
  if ((before === null || before === undefined || isRecord(before)) && (after === null || after === undefined || isRecord(after))) {
    const b = (before ?? {}) as Record<string, unknown>;
    const a = (after ?? {}) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return (
      <HTMLTable compact striped className="civic-audit-changes" aria-label="Changed fields">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row">{fieldLabel(key)}</th>
              <td>{key in b ? shown(b[key]) : '—'}</td>
              <td>{key in a ? shown(a[key]) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }
  return (
    <>
      <h4>Before</h4>
      <JsonBlock value={before} label="State before the change" />
      <h4>After</h4>
      <JsonBlock value={after} label="State after the change" />
    </>
  );
}

function JsonBlock({ value, label }: { value: unknown; label: string }) {
  if (value === null || value === undefined) return <p>Not recorded for this entry.</p>;
  return (
    <pre className="civic-audit-json" aria-label={label} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
