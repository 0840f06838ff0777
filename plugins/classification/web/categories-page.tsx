import { useService } from '@civic/sdk/web';
import { canEditCategories } from '../common/permissions';
import { ClassListPage } from './class-list-page';
import { ClassificationStore } from './classification-store';

/** /categories/{appId} */
export function CategoriesPage() {
  const store = useService<ClassificationStore>(ClassificationStore);
  return (
    <ClassListPage
      list={store.categories}
      noun="category"
      title="Categories"
      description="Group intents and Q&A by topic, to filter the knowledge base and reports."
      helper="Up to 100 characters, for example Housing grants."
      canEdit={canEditCategories}
    />
  );
}
