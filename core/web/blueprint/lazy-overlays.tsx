import { useEffect, useState, type ReactElement } from 'react';
import type { AlertProps, DialogProps, DrawerProps } from '@blueprintjs/core';
import { deferredPart } from '../shell/deferred-part';

/**
 * Blueprint's Dialog, Alert and Drawer, whose code (the overlay, its focus trap, portal and
 * transitions: about 8 KiB gzip) is fetched when one first opens, not with the page that holds it
 * closed. Until then a closed one renders nothing, as Blueprint's own does; once the code is here
 * every one renders Blueprint's at once (so closing still animates). `@civic/sdk/web/blueprint`
 * exports these in place of Blueprint's.
 */
export const overlayPart = deferredPart(() => import('./overlays'));

type Overlays = typeof import('./overlays');

function useOverlays(isOpen: boolean): Overlays | undefined {
  const [overlays, setOverlays] = useState<Overlays | undefined>(() => overlayPart.loaded);
  useEffect(() => {
    if (!isOpen || overlays) return;
    let live = true;
    // A failed download leaves it closed; the next opening tries again.
    overlayPart.load().then(
      (module) => live && setOverlays(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isOpen, overlays]);
  return overlays ?? overlayPart.loaded;
}

export function Dialog(props: DialogProps): ReactElement | null {
  const overlays = useOverlays(props.isOpen === true);
  return overlays ? <overlays.Dialog {...props} /> : null;
}

export function Alert(props: AlertProps): ReactElement | null {
  const overlays = useOverlays(props.isOpen === true);
  return overlays ? <overlays.Alert {...props} /> : null;
}

export function Drawer(props: DrawerProps): ReactElement | null {
  const overlays = useOverlays(props.isOpen === true);
  return overlays ? <overlays.Drawer {...props} /> : null;
}
