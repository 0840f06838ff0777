import { Page, PageSkeleton } from '@civic/sdk/web';

export function IntentPage() {
  return (
    <Page title="Intent">
      <PageSkeleton lines={4} />
    </Page>
  );
}
