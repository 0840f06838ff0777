import { Container, ContainerModule } from 'inversify';
import { autorun } from 'mobx';
import { PluginModulesImpl, type ModuleLoader } from './plugin-modules';

const TOKEN = Symbol('alpha.Store');

function setup(loader: ModuleLoader) {
  const container = new Container();
  const modules = new PluginModulesImpl(container, new Map([['alpha', loader]]));
  return { container, modules };
}

describe('PluginModules', () => {
  it('loads a plugin module into the container once, however many ask at the same time', async () => {
    let downloads = 0;
    const { container, modules } = setup(async () => {
      downloads += 1;
      return new ContainerModule(({ bind }) => void bind(TOKEN).toConstantValue('bound'));
    });
    expect(container.isBound(TOKEN)).toBe(false);
    await Promise.all([modules.ensure('alpha'), modules.ensure('alpha')]);
    await modules.ensure('alpha');
    expect(downloads).toBe(1);
    expect(container.get(TOKEN)).toBe('bound');
    expect(modules.loaded.has('alpha')).toBe(true);
  });

  it('resolves at once for a plugin without a module, and says so', async () => {
    const { modules } = setup(async () => new ContainerModule(() => undefined));
    await expect(modules.ensure('no-module')).resolves.toBeUndefined();
    expect(modules.hasModule('no-module')).toBe(false);
    expect(modules.hasModule('alpha')).toBe(true);
  });

  it('lets a failed download be tried again', async () => {
    let attempt = 0;
    const { modules } = setup(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return new ContainerModule(() => undefined);
    });
    await expect(modules.ensure('alpha')).rejects.toThrow('offline');
    await expect(modules.ensure('alpha')).resolves.toBeUndefined();
    expect(attempt).toBe(2);
  });

  it('tells observers when a module is in', async () => {
    const { modules } = setup(async () => new ContainerModule(() => undefined));
    const seen: boolean[] = [];
    const stop = autorun(() => void seen.push(modules.loaded.has('alpha')));
    await modules.ensure('alpha');
    stop();
    expect(seen).toEqual([false, true]);
  });
});
