import { createElement, forwardRef, useEffect, useState, type MouseEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { Classes, type ContextMenuProps, type PopoverNextProps } from '@blueprintjs/core';
import { deferredPart } from '../shell/deferred-part';

/**
 * @blueprintjs/core as @blueprintjs/table sees it (host/web/vite.config.ts points the table's imports of
 * core here): the same, except its ContextMenu and PopoverNext, which bring Blueprint's popover and
 * overlay code (~23 KiB gzip) onto every page with a table. The console opens neither (no body context
 * menu, no column header menu, no truncated-cell popover): these stand-ins render what a disabled
 * context menu renders, and fetch the real ones only where a table does use them.
 */
export * from '@blueprintjs/core';

const tableOverlays = deferredPart(() => import('./table-overlays'));
type TableOverlays = typeof import('./table-overlays');

function useTableOverlays(needed: boolean): TableOverlays | undefined {
  const [module, setModule] = useState<TableOverlays | undefined>(() => tableOverlays.loaded);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    tableOverlays.load().then(
      (loaded) => live && setModule(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, module]);
  return module ?? tableOverlays.loaded;
}

/** A disabled context menu is its element and children (Blueprint's renders no popover then). */
export const ContextMenu = forwardRef<HTMLElement, ContextMenuProps>(function ContextMenu(props, ref): ReactElement {
  const real = useTableOverlays(props.disabled !== true || typeof props.children === 'function');
  if (real) return <real.ContextMenu {...props} ref={ref} />;
  const { className, children, content: _content, disabled: _disabled, onClose: _onClose, onContextMenu, popoverProps: _popoverProps, tagName = 'div', ...rest } = props;
  return createElement(
    tagName,
    { ...rest, className: className ? `${className} ${Classes.CONTEXT_MENU}` : Classes.CONTEXT_MENU, ref, onContextMenu: (event: MouseEvent<HTMLElement>) => event.defaultPrevented || onContextMenu?.(event) },
    children as ReactNode,
  );
});

/** A popover, which a table renders only where it shows one: its target until the code is here. */
export const PopoverNext = forwardRef<unknown, PopoverNextProps>(function PopoverNext(props, ref): ReactElement {
  const real = useTableOverlays(true);
  return real ? <real.PopoverNext {...props} ref={ref as Ref<never>} /> : <span className={props.className}>{props.children as ReactNode}</span>;
});
