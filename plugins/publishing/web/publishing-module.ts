import { ContainerModule } from '@civic/sdk/web/inversify';
import { PublishingClient, PublishingClientImpl } from './publishing-client';

/** The publishing plugin's web bindings. */
export const publishingModule = new ContainerModule(({ bind }) => {
  bind<PublishingClient>(PublishingClient).to(PublishingClientImpl).inSingletonScope();
});
