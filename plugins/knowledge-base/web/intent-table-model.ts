import { action, makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { isApiError, type ApiClient } from '@civic/sdk/web/services';
import type { IntentKind } from '../contract/common/knowledge/index';
import { KbApi, type IntentListResponse, type IntentRow } from '../common/api';
import type { IntentSort } from '../common/intent-sorts';

export const PAGE_SIZE = 200;
/** Rows ahead of (and behind) the visible ones whose page is fetched before it scrolls into view. */
export const PREFETCH_ROWS = 120;

export interface IntentQuery {
  search: string;
  kind: IntentKind | '';
  categoryId: string;
  labelId: string;
  sort: IntentSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_QUERY: IntentQuery = { search: '', kind: '', categoryId: '', labelId: '', sort: 'name', order: 'asc' };

/**
 * The rows of the intents table, loaded page by page as the virtual table asks for them. Rows live in
 * a plain array (no per-row observability: 10,000 rows must stay cheap); `revision` moves when pages
 * arrive so the table re-renders its visible cells once.
 */
export class IntentTableModel {
  query: IntentQuery = DEFAULT_QUERY;
  total = 0;
  counts = { intent: 0, qna: 0 };
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error = '';
  revision = 0;
  selected = new Set<string>();
  selectionRevision = 0;

  private rows: Array<IntentRow | undefined> = [];
  private readonly loadingPages = new Set<number>();
  /** Pages with rows the table has shown as loading: their arrival moves `revision`. */
  private readonly shownLoading = new Set<number>();
  private generation = 0;

  constructor(
    private readonly api: ApiClient,
    readonly appId: string,
  ) {
    makeObservable(this, {
      query: observableRef,
      total: observable,
      counts: observableRef,
      status: observable,
      error: observable,
      revision: observable,
      selectionRevision: observable,
      setQuery: action,
      toggle: action,
      clearSelection: action,
    });
  }

  rowAt(index: number): IntentRow | undefined {
    return this.rows[index];
  }

  /**
   * Asks for the page holding this row unless it is there or on its way (call outside render). The
   * table calls it for a row it shows as loading: that page's arrival re-renders the table.
   */
  ensureRow(index: number, shown = true): void {
    if (index < 0 || index >= this.total || this.rows[index]) return;
    const page = Math.floor(index / PAGE_SIZE);
    if (shown) this.shownLoading.add(page);
    if (!this.loadingPages.has(page)) void this.loadPage(page);
  }

  /**
   * True when a row near this one (either way) is missing and not on its way: the table then asks for
   * its page with `prefetchAround` so that scrolling rarely meets rows still loading. Cheap enough to
   * call for every rendered row.
   */
  needsPrefetch(index: number): boolean {
    return this.missing(index + PREFETCH_ROWS) || this.missing(index - PREFETCH_ROWS);
  }

  /** Fetches the pages of the rows PREFETCH_ROWS either way; their arrival re-renders nothing. */
  prefetchAround(index: number): void {
    this.ensureRow(index + PREFETCH_ROWS, false);
    this.ensureRow(index - PREFETCH_ROWS, false);
  }

  private missing(index: number): boolean {
    return index >= 0 && index < this.total && !this.rows[index] && !this.loadingPages.has(Math.floor(index / PAGE_SIZE));
  }

  setQuery(patch: Partial<IntentQuery>): void {
    this.query = { ...this.query, ...patch };
    void this.reload();
  }

  async reload(): Promise<void> {
    this.generation += 1;
    this.loadingPages.clear();
    this.shownLoading.clear();
    this.rows = [];
    runInAction(() => (this.status = 'loading'));
    await this.loadPage(0);
  }

  async loadPage(page: number): Promise<void> {
    if (this.loadingPages.has(page)) return;
    this.loadingPages.add(page);
    const generation = this.generation;
    const q = this.query;
    try {
      const data = await this.api.get<IntentListResponse>(KbApi.intents(this.appId), {
        query: {
          search: q.search.trim() || undefined,
          kind: q.kind || undefined,
          categoryId: q.categoryId || undefined,
          labelId: q.labelId || undefined,
          sort: q.sort,
          order: q.order,
          offset: page * PAGE_SIZE,
          limit: PAGE_SIZE,
        },
      });
      if (generation !== this.generation) return;
      if (this.rows.length < data.total) this.rows.length = data.total;
      data.rows.forEach((row, i) => (this.rows[page * PAGE_SIZE + i] = row));
      // A prefetched page nobody has seen loading needs no re-render: the table will find its rows.
      const shown = page === 0 || this.shownLoading.delete(page) || this.status !== 'ready';
      runInAction(() => {
        this.total = data.total;
        // A new counts object on every page would re-render the page around the table: keep equal ones.
        if (data.counts.intent !== this.counts.intent || data.counts.qna !== this.counts.qna) this.counts = data.counts;
        this.status = 'ready';
        this.error = '';
        if (shown) this.revision += 1;
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'error';
        this.error = isApiError(error) ? error.message : String(error);
      });
    } finally {
      if (generation === this.generation) this.loadingPages.delete(page);
    }
  }

  isSelected(id: string): boolean {
    return this.selected.has(id);
  }

  toggle(id: string): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
    this.selectionRevision += 1;
  }

  clearSelection(): void {
    this.selected.clear();
    this.selectionRevision += 1;
  }
}
