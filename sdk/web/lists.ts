/** The one page-store pattern for server-paged tables: a store owns a `PagedList`; the page shows `<Pager>`. */
export { PagedList, type ListPage, type ListStatus, type PageRequest } from '@civic/core/web/lists/paged-list';
export { SEARCH_DELAY_MS, useSearchBox } from '@civic/core/web/lists/use-search-box';
export { useFittedColumns } from '@civic/core/web/lists/use-fitted-columns';
/** Table semantics (grid, rows, column headers, cells, counts) for a Blueprint Table2. */
export { DataGrid, type DataGridProps } from '@civic/core/web/lists/data-grid';
/** A list page's filters, sort, search and page kept in the URL's query (reload, shared link, Back). */
export { useUrlState, type UrlState } from '@civic/core/web/lists/use-url-state';
