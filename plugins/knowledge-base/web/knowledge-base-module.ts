import { ContainerModule } from '@civic/sdk/web/inversify';

/** The knowledge-base plugin's web bindings. */
export const knowledgeBaseModule = new ContainerModule(() => {});
