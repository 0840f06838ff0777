import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage } from '../api/error-message';

/** One answer of a list endpoint: the rows, the total when the server counts, the next cursor when it pages by keyset. */
export interface ListPage<T> {
  items: readonly T[];
  total?: number;
  /** Keyset paging: what `loadMore` asks for next; `null` or absent at the end. */
  next?: string | number | null;
}

/** Which page a fetch asks for: numbered (`pageNum`, `pageSize`) or, for `loadMore`, after `cursor`. */
export interface PageRequest {
  pageNum: number;
  pageSize: number;
  cursor?: string | number;
}

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The state of one server-paged table (STYLE rule 13: one page-store pattern): rows, total, page,
 * status and the error text, with answers to an older request dropped (typing fast in a search
 * box). Numbered pages (`setPage`, shown by `<Pager>`) or keyset pages (`loadMore`, for virtualised
 * tables that load as they scroll). A store owns one and says how a page is fetched; its filters
 * live in the store, which calls `reload()` when they change.
 */
export class PagedList<T> {
  items: readonly T[] = [];
  total = 0;
  pageNum = 0;
  status: ListStatus = 'idle';
  loadingMore = false;
  error: string | null = null;
  next: string | number | null = null;
  private generation = 0;

  constructor(
    private readonly fetchPage: (request: PageRequest) => Promise<ListPage<T>>,
    readonly pageSize: number,
  ) {
    makeObservable<PagedList<T>, 'generation'>(this, {
      items: observableRef,
      total: observable,
      pageNum: observable,
      status: observable,
      loadingMore: observable,
      error: observable,
      next: observable,
      setPage: action,
      reload: action,
      replace: action,
      generation: false,
    });
  }

  /** The last page's number (0 when there is one page or none). */
  get lastPage(): number {
    return Math.max(0, Math.ceil(this.total / this.pageSize) - 1);
  }

  get hasMore(): boolean {
    return this.next !== null;
  }

  /** Fetches the current page again (first show, retry). */
  async load(): Promise<void> {
    const generation = ++this.generation;
    runInAction(() => {
      this.status = 'loading';
      this.error = null;
    });
    try {
      const page = await this.fetchPage({ pageNum: this.pageNum, pageSize: this.pageSize });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.items = page.items;
        this.total = page.total ?? page.items.length;
        this.next = page.next ?? null;
        this.status = 'ready';
      });
    } catch (error) {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'error';
        this.error = errorMessage(error);
      });
    }
  }

  /** Back to the first page and fetch it: the filters changed. */
  reload(): Promise<void> {
    this.pageNum = 0;
    return this.load();
  }

  setPage(pageNum: number): Promise<void> {
    this.pageNum = Math.max(0, pageNum);
    return this.load();
  }

  /** Keyset paging: appends the rows after the last one loaded; nothing while one is running. */
  async loadMore(): Promise<void> {
    if (this.next === null || this.loadingMore || this.status !== 'ready') return;
    const generation = this.generation;
    const cursor = this.next;
    runInAction(() => (this.loadingMore = true));
    try {
      const page = await this.fetchPage({ pageNum: this.pageNum, pageSize: this.pageSize, cursor });
      if (generation !== this.generation) return;
      runInAction(() => {
        this.items = [...this.items, ...page.items];
        this.next = page.next ?? null;
        if (page.total !== undefined) this.total = page.total;
      });
    } catch (error) {
      runInAction(() => (this.error = errorMessage(error)));
    } finally {
      runInAction(() => (this.loadingMore = false));
    }
  }

  /** Puts a changed row in place (an edit answered with the new row) without fetching again. */
  replace(changed: T, same: (a: T, b: T) => boolean): void {
    this.items = this.items.map((item) => (same(item, changed) ? changed : item));
  }
}
