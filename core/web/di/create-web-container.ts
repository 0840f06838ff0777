import { Container, type ContainerModule } from 'inversify';
import type { ConsoleConfig } from '@civic/core/common/model';
import type { PluginManifest } from '@civic/core/common/plugins';
import { EarlyRequests } from '../api/early-requests';
import { ConsoleConfigService, ConsoleConfigServiceImpl } from '../config/console-config-service';
import { PluginCatalog, PluginCatalogImpl } from '../plugins/plugin-catalog';
import { PluginModules, PluginModulesImpl, type ModuleLoader } from '../plugins/plugin-modules';
import { coreWebModule } from './core-web-module';

export interface WebContainerInput {
  config: ConsoleConfig;
  /** The enabled plugins' manifests, already validated. */
  plugins: readonly PluginManifest[];
  /** Web modules to load at once (tests). */
  modules?: readonly ContainerModule[];
  /** The enabled plugins' web modules by plugin id, loaded on first use (the browser host). */
  moduleLoaders?: ReadonlyMap<string, ModuleLoader>;
  /** GET calls the page load started before the container existed (the browser host). */
  earlyRequests?: EarlyRequests;
}

/** The browser's composition: core services, deployment data, then the plugins' bindings. */
export function createWebContainer(input: WebContainerInput): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(coreWebModule);
  container.bind<EarlyRequests>(EarlyRequests).toConstantValue(input.earlyRequests ?? new EarlyRequests());
  container.bind<ConsoleConfigService>(ConsoleConfigService).toConstantValue(new ConsoleConfigServiceImpl(input.config));
  const modules = new PluginModulesImpl(container, input.moduleLoaders ?? new Map());
  container.bind<PluginModules>(PluginModules).toConstantValue(modules);
  container.bind<PluginCatalog>(PluginCatalog).toConstantValue(new PluginCatalogImpl(input.plugins, modules));
  if (input.modules?.length) container.load(...input.modules);
  return container;
}
