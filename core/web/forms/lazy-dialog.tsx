import { useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { deferredPart } from '../shell/deferred-part';

/**
 * A dialog whose module (its form, the DTO it checks and with it class-validator) is fetched when it
 * is first shown, not with the page that may show it. Shown means mounted without `isOpen` (a
 * dialog a page mounts only while it is open: `{editing && <NameDialog … />}`), or with `isOpen`
 * true. Until its module arrives it renders nothing, as a closed dialog does; from then on it is the
 * dialog itself, at once. A failed download leaves it closed; the next showing tries again.
 *
 *   const NameDialog = lazyDialog(() => import('./name-dialog').then((m) => m.NameDialog));
 */
export function lazyDialog<P extends object>(importer: () => Promise<ComponentType<P>>): ComponentType<P> {
  const part = deferredPart(importer);
  function LazyDialog(props: P): ReactElement | null {
    const shown = (props as { isOpen?: boolean }).isOpen !== false;
    const [Dialog, setDialog] = useState<ComponentType<P> | undefined>(() => part.loaded);
    useEffect(() => {
      if (!shown || Dialog) return;
      let live = true;
      part.load().then(
        (component) => live && setDialog(() => component),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [shown, Dialog]);
    const Loaded = Dialog ?? part.loaded;
    return Loaded ? <Loaded {...props} /> : null;
  }
  return LazyDialog;
}
