import { Button, InputGroup, Tag } from '@civic/sdk/web/blueprint';
import { AddIcon, SearchIcon } from '@civic/sdk/web/icons';
import { Column, rowCells, VirtualTable } from '@civic/sdk/web/blueprint-table';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { Page, Pager, useService, LoadError } from '@civic/sdk/web';
import { lazyDialog } from '@civic/sdk/web/forms';
import { DataGrid, useFittedColumns, useSearchBox, useUrlState } from '@civic/sdk/web/lists';
import type { UserListItem } from '../common/api';
import { formatLastSignIn } from './format-last-sign-in';
import { UsersStore } from './users-store';
import { formatCount } from '@civic/sdk/common/format';

// The dialogs (their forms, DTOs and class-validator) come on first opening.
const InviteUserDialog = lazyDialog(() => import('./invite-user-dialog').then((m) => m.InviteUserDialog));
const ManageUserDialog = lazyDialog(() => import('./manage-user-dialog').then((m) => m.ManageUserDialog));

const ROW_HEIGHT = 40;
const COLUMN_WIDTHS = [170, 220, 140, 110, 110, 190, 100];

function statusOf(user: UserListItem): { text: string; intent: 'success' | 'danger' | 'warning' } {
  if (user.isLocked) return { text: 'Locked', intent: 'danger' };
  if (!user.isActive) return { text: 'Not activated', intent: 'warning' };
  return { text: 'Active', intent: 'success' };
}

/** /users (platform admins): every account, searchable and paged on the server; invite and manage. */
export const UsersPage = observer(function UsersPage() {
  const store = useService<UsersStore>(UsersStore);
  const [search, setSearch] = useSearchBox(store.search, (text) => store.setSearch(text));
  const [inviting, setInviting] = useState(false);
  const [managedId, setManagedId] = useState<string | null>(null);
  const list = store.list;
  const items = list.items;

  useEffect(() => void list.load(), [list]);
  // The search and the page live in the URL (?search=…&page=2): a reload, a link or Back keeps them.
  useUrlState({ search: store.search, page: list.pageNum > 0 ? String(list.pageNum + 1) : '' }, (state) => {
    const page = Math.max(0, (Number.parseInt(state.page, 10) || 1) - 1);
    if (state.search !== store.search) store.setSearch(state.search);
    if (page !== list.pageNum) void list.setPage(page);
  });

  const [box, widths] = useFittedColumns(COLUMN_WIDTHS, { fixed: [COLUMN_WIDTHS.length - 1] });
  const renderers = useMemo(() => {
    const cell = rowCells(items);
    return {
      name: cell.text((u) => u.name),
      email: cell.text((u) => u.email),
      agency: cell.text((u) => u.agency ?? '—'),
      status: cell.node((u) => {
        const status = statusOf(u);
        return <Tag minimal intent={status.intent}>{status.text}</Tag>;
      }),
      admin: cell.text((u) => (u.isPlatformAdmin ? 'Platform admin' : '—')),
      lastSignIn: cell.text((u) => formatLastSignIn(u.lastLoginAt)),
      manage: cell.node(
        (u) => <Button size="small" variant="minimal" intent="primary" text="Manage" aria-label={`Manage ${u.name}`} onClick={() => setManagedId(u.id)} />,
        { interactive: true },
      ),
    };
  }, [items]);

  const managed = items.find((u) => u.id === managedId) ?? null;

  return (
    <Page
      title="Users"
      description="Everyone who can sign in to the console: invite people, manage their access and their apps."
      actions={<Button intent="primary" icon={<AddIcon />} text="Create user" onClick={() => setInviting(true)} />}
      toolbar={
        <>
          <InputGroup
            id="users-search"
            type="search"
            leftIcon={<SearchIcon />}
            placeholder="Name or email"
            aria-label="Search users"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <span className="civic-users-count" role="status" aria-live="polite">
            {list.status === 'loading' && items.length === 0 ? 'Loading…' : `${formatCount(list.total)} ${list.total === 1 ? 'user' : 'users'}`}
          </span>
        </>
      }
    >
      {list.status === 'error' && (
        <LoadError title="The users could not be loaded" error={list.error} onRetry={() => void list.load()} />
      )}
      <DataGrid className="civic-users-table" label="Users" rowCount={list.total} colCount={COLUMN_WIDTHS.length} rowOffset={list.pageNum * list.pageSize} boxRef={box}>
        <VirtualTable
          numRows={items.length}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widths}
          cellRendererDependencies={[items, widths]}
        >
          <Column name="Name" cellRenderer={renderers.name} />
          <Column name="Email" cellRenderer={renderers.email} />
          <Column name="Agency" cellRenderer={renderers.agency} />
          <Column name="Status" cellRenderer={renderers.status} />
          <Column name="Role" cellRenderer={renderers.admin} />
          <Column name="Last sign-in" cellRenderer={renderers.lastSignIn} />
          <Column name="Actions" cellRenderer={renderers.manage} />
        </VirtualTable>
      </DataGrid>
      <Pager list={list} label="Pages of users" />
      <InviteUserDialog isOpen={inviting} onClose={() => setInviting(false)} />
      {managed && <ManageUserDialog user={managed} onClose={() => setManagedId(null)} />}
    </Page>
  );
});
