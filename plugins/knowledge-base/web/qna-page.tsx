import { Page, PageSkeleton } from '@civic/sdk/web';

export function QnaPage() {
  return (
    <Page title="Q&A">
      <PageSkeleton lines={4} />
    </Page>
  );
}
