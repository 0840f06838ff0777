import { AnchorButton, Button, HTMLSelect, HTMLTable, InputGroup, Tag } from '@civic/sdk/web/blueprint';
import { AddIcon, SearchIcon, TrashIcon } from '@civic/sdk/web/icons';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { Link, useNavigate, useParams } from '@civic/sdk/web/router';
import { EmptyState, Page, PageSkeleton, useAccess, useService, LoadError } from '@civic/sdk/web';
import { useSearchBox, useUrlState } from '@civic/sdk/web/lists';
import { ENTITY_KINDS, entityRef, type EntityKind } from '../contract/common/index';
import type { EntityListItem } from '../common/api';
import { KIND_LABELS } from '../common/entity-rules';
import { canEditEntities } from '../common/permissions';
import { DeleteEntityDialog } from './delete-entity-dialog';
import { EntitiesStore } from './entities-store';
import { formatCount } from '@civic/sdk/common/format';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** /entities/{appId}: the app's entities with search, kind, number of entries and where used. */
export const EntitiesPage = observer(function EntitiesPage() {
  const { appId = '' } = useParams();
  const store = useService<EntitiesStore>(EntitiesStore);
  const edit = useAccess(canEditEntities);
  const navigate = useNavigate();
  // The list filters as typed; the search (once typing pauses) and the kind live in the URL.
  const [appliedSearch, setAppliedSearch] = useState('');
  const [search, setSearch] = useSearchBox(appliedSearch, setAppliedSearch);
  const [kind, setKind] = useState<EntityKind | ''>('');
  useUrlState({ search: appliedSearch, kind }, (state) => {
    setAppliedSearch(state.search);
    setKind((ENTITY_KINDS as readonly string[]).includes(state.kind) ? (state.kind as EntityKind) : '');
  });
  const [deleting, setDeleting] = useState<EntityListItem | null>(null);

  useEffect(() => void store.load(appId), [store, appId]);

  const shown = useMemo(() => {
    const term = search.trim().replace(/^@/, '').toLowerCase();
    return store.items.filter((e) => (!term || e.name.toLowerCase().includes(term)) && (!kind || e.kind === kind));
  }, [store.items, search, kind]);

  const mode = edit.allowed ? 'edit' : 'view';
  const createButton = edit.visible ? (
    <AnchorButton
      intent="primary"
      icon={<AddIcon />}
      text="Create entity"
      disabled={!edit.allowed}
      title={edit.disabledReason}
      href={`/entity/${encodeURIComponent(appId)}/create`}
      onClick={(e) => {
        e.preventDefault();
        navigate(`/entity/${encodeURIComponent(appId)}/create`);
      }}
    />
  ) : undefined;

  const loadingFirst = store.status === 'loading' && store.items.length === 0;
  return (
    <Page
      title="Entities"
      description="Values the bot recognises in what people type, such as places or case numbers, to fill intent parameters."
      actions={createButton}
      toolbar={
        <>
          <InputGroup type="search" leftIcon={<SearchIcon />} placeholder="Entity name" aria-label="Search entities" value={search} onChange={(e) => setSearch(e.target.value)} />
          <HTMLSelect aria-label="Kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as EntityKind | '')}>
            <option value="">All kinds</option>
            {ENTITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </HTMLSelect>
          <span role="status" aria-live="polite">
            {loadingFirst ? 'Loading…' : plural(shown.length, 'entity', 'entities')}
          </span>
        </>
      }
    >
      {store.status === 'error' && (
        <LoadError title="The entities could not be loaded" error={store.error} onRetry={() => void store.load(appId)} />
      )}
      {loadingFirst && <PageSkeleton />}
      {store.status === 'ready' && store.items.length === 0 && (
        <EmptyState title="No entities yet" description="Create an entity to recognise places, products or reference numbers in user messages." action={createButton} />
      )}
      {store.items.length > 0 && (
        <HTMLTable striped interactive aria-label="Entities" style={{ width: '100%' }}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Kind</th>
              <th scope="col">Entries</th>
              <th scope="col">Used by</th>
              {edit.allowed && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((entity) => (
              <tr key={entity.id}>
                <td>
                  <Link to={`/entity/${encodeURIComponent(appId)}/${mode}/${entity.id}`}>{entityRef(entity.name)}</Link>
                </td>
                <td>
                  <Tag minimal>{KIND_LABELS[entity.kind]}</Tag>
                  {entity.enableFuzzyExtraction && (
                    <Tag minimal style={{ marginLeft: 4 }}>
                      Fuzzy
                    </Tag>
                  )}
                </td>
                <td>{formatCount(entity.entryCount)}</td>
                <td>{entity.usageCount === 0 ? 'Not used' : plural(entity.usageCount, 'intent', 'intents')}</td>
                {edit.allowed && (
                  <td>
                    <Button variant="minimal" size="small" intent="danger" icon={<TrashIcon />} aria-label={`Delete ${entityRef(entity.name)}`} onClick={() => setDeleting(entity)} />
                  </td>
                )}
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={edit.allowed ? 5 : 4}>No entity matches the search.</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      )}
      {deleting && <DeleteEntityDialog appId={appId} entity={deleting} onClose={() => setDeleting(null)} />}
    </Page>
  );
});
