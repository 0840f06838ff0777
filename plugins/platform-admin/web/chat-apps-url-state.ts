import type { UrlState } from '@civic/sdk/web/lists';
import { SORT_FIELDS, type DateRangeFilter, type SortField, type TableFilter } from '../common/table-filter';
import type { ChatAppsStore } from './chat-apps-store';

/** The table's filters, date range, sort and "include decommissioned" as URL query values ('' for the default). */
export function chatAppsUrlState(store: Pick<ChatAppsStore, 'filter' | 'dateRange' | 'sortBy' | 'sortOrder' | 'includeDecommissioned'>): UrlState {
  return {
    filter: store.filter.items.length ? JSON.stringify(store.filter) : '',
    range: store.dateRange ? JSON.stringify(store.dateRange) : '',
    sort: store.sortBy === 'appId' ? '' : store.sortBy,
    order: store.sortOrder === 'asc' ? '' : store.sortOrder,
    decommissioned: store.includeDecommissioned ? 'include' : '',
  };
}

function parseJson<T>(text: string, valid: (value: unknown) => value is T): T | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

const isTableFilter = (v: unknown): v is TableFilter =>
  typeof v === 'object' && v !== null && Array.isArray((v as TableFilter).items) && ((v as TableFilter).link === 'AND' || (v as TableFilter).link === 'OR');
const isDateRange = (v: unknown): v is DateRangeFilter =>
  typeof v === 'object' && v !== null && typeof (v as DateRangeFilter).field === 'string' && typeof (v as DateRangeFilter).startDate === 'string' && typeof (v as DateRangeFilter).endDate === 'string';

/** Puts a state read from the URL into the store; what does not parse is the default. */
export function applyChatAppsUrlState(store: ChatAppsStore, state: UrlState): void {
  const current = chatAppsUrlState(store);
  if (state.filter !== current.filter) store.setFilter(parseJson(state.filter, isTableFilter) ?? { items: [], link: 'AND' });
  if (state.range !== current.range) store.setDateRange(parseJson(state.range, isDateRange));
  if (state.decommissioned !== current.decommissioned) store.setIncludeDecommissioned(state.decommissioned === 'include');
  if (state.sort !== current.sort || state.order !== current.order) {
    const sortBy = (SORT_FIELDS as readonly string[]).includes(state.sort) ? (state.sort as SortField) : 'appId';
    store.setSort(sortBy, state.order === 'desc' ? 'desc' : 'asc');
  }
}
