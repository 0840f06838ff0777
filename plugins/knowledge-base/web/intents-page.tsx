import { Page, PageSkeleton } from '@civic/sdk/web';

export function IntentsPage() {
  return (
    <Page title="Intents">
      <PageSkeleton lines={4} />
    </Page>
  );
}
