/** The id the shell focuses after each navigation, so screen readers start at the new page. */
export const PAGE_TITLE_ID = 'page-title';
