import { Button } from '@blueprintjs/core';
import { ChevronDownIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { observer } from '../mobx/observer';
import { Suspense, useId, useState } from 'react';
import type { PagePanel, PanelContext, PanelProps, Slot } from '@civic/core/common/plugins';
import { useAccessContext } from '../access/use-access';
import { useService } from '../di/container-context';
import { PluginCatalog } from '../plugins/plugin-catalog';
import { contributionAccess } from '../plugins/plugin-access';
import { lazyContribution } from '../plugins/lazy-contribution';
import { PageSkeleton } from './page-skeleton';

export interface PanelSlotProps<C extends PanelContext = PanelContext> extends PanelProps<C> {
  /** The slot the page offers (declared with `defineSlot` in its plugin's contract). */
  slot: Slot<C>;
}

/**
 * Where a page offers a slot (`defineSlot`), the panels that enabled plugins contribute to it and
 * the user may use: each a section with a disclosure button, closed at first, whose code is fetched
 * the first time it is opened (a page does not pay for a panel nobody opens).
 */
export const PanelSlot = observer(function PanelSlot<C extends PanelContext>({ slot, appId, context }: PanelSlotProps<C>) {
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const ctx = useAccessContext();
  const panels = catalog.panels(slot).filter(({ plugin, item }) => contributionAccess(plugin, item)(ctx) === true);
  if (panels.length === 0) return null;
  return (
    <div className="civic-panel-slot" data-slot={slot.id}>
      {panels.map(({ item }) => (
        <SlotPanel key={item.id} panel={item} appId={appId} context={context} />
      ))}
    </div>
  );
});

function SlotPanel({ panel, appId, context }: { panel: PagePanel } & PanelProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const Component = lazyContribution(panel);
  return (
    <section className="civic-slot-panel" aria-labelledby={`${id}-heading`} style={{ marginTop: 16 }}>
      <h2 id={`${id}-heading`} className="bp6-heading civic-slot-panel-heading">
        <Button
          variant="minimal"
          icon={open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((was) => !was)}
          text={panel.title}
        />
      </h2>
      <div id={`${id}-body`} hidden={!open}>
        {open && (
          <Suspense fallback={<PageSkeleton lines={3} />}>
            <Component appId={appId} context={context} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
