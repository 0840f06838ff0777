import { ContainerModule } from '@civic/sdk/web/inversify';
import { AnalyticsFilters, AnalyticsFiltersImpl } from './analytics-filters';

/** The analytics plugin's web bindings. */
export const analyticsModule = new ContainerModule(({ bind }) => {
  bind<AnalyticsFilters>(AnalyticsFilters).to(AnalyticsFiltersImpl).inSingletonScope();
});
