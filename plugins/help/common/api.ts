/** Where the guide lives: the page, and the PDF the user menu's HELP opens (profile helpGuideUrl). */
export const HelpPaths = {
  page: '/help',
  pdf: '/help/civic-console-guide.pdf',
  pdfFileName: 'civic-console-guide.pdf',
} as const;
