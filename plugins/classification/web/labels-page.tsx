import { useService } from '@civic/sdk/web';
import { ClassificationMessages } from '../common/messages';
import { canEditLabels } from '../common/permissions';
import { ClassListPage } from './class-list-page';
import { ClassificationStore } from './classification-store';

/** /label/{appId} */
export function LabelsPage() {
  const store = useService<ClassificationStore>(ClassificationStore);
  return (
    <ClassListPage
      list={store.labels}
      noun="label"
      title="Labels"
      description="Mark intents and Q&A for follow-up, such as needs-review or seasonal."
      helper={ClassificationMessages.labelNameRule}
      canEdit={canEditLabels}
    />
  );
}
