import { Page, PageSkeleton } from '@civic/sdk/web';

export function GlossaryPage() {
  return (
    <Page title="Glossary">
      <PageSkeleton lines={4} />
    </Page>
  );
}
