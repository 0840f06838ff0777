import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anyone, platformAdmin } from '@civic/core/common/access';
import { definePlugin, defineSlot, slotPanel, type PanelProps } from '@civic/core/common/plugins';
import { renderInTestApp, testApp, userWithRole } from '@civic/core/web/testing';
import { PanelSlot } from './panel-slot';

/** A slot the (made-up) page plugin offers; the panels plugin requires it. */
const EditorSlot = defineSlot<{ intentId?: string }>('page.editor');
const OtherSlot = defineSlot('page.another');

let loads = 0;
const panels = definePlugin({
  id: 'panels',
  requires: ['page'],
  title: 'Panels',
  canAccess: anyone,
  routes: [],
  panels: [
    {
      id: 'second',
      slot: EditorSlot,
      title: 'Second',
      order: 20,
      load: async () => ({ default: () => <p>second panel</p> }),
    },
    {
      id: 'try',
      slot: EditorSlot,
      title: 'Try it',
      order: 10,
      load: async () => {
        loads += 1;
        return { default: (p: PanelProps<{ intentId?: string }>) => <p>chat of {p.appId} at {p.context?.intentId}</p> };
      },
    },
    { id: 'hidden', slot: EditorSlot, title: 'Hidden', order: 30, canAccess: platformAdmin, load: async () => ({ default: () => <p>hidden</p> }) },
    slotPanel(OtherSlot, { id: 'elsewhere', title: 'Elsewhere', order: 1, load: async () => ({ default: () => <p>elsewhere</p> }) }),
  ],
});

const render = () =>
  renderInTestApp(<PanelSlot slot={EditorSlot} appId="a1" context={{ intentId: 'i9' }} />, {
    user: userWithRole('1', ['a1']),
    app: testApp('a1', 'Plus'),
    plugins: [panels],
  });

describe('PanelSlot', () => {
  it("lists the slot's panels the user may use, in order, closed, their code not fetched", async () => {
    loads = 0;
    await render();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Try it', 'Second']);
    expect(buttons.every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(loads).toBe(0);
  });

  it('opens a panel with the app and the page context, and closes it again', async () => {
    await render();
    const toggle = screen.getByRole('button', { name: 'Try it' });
    await userEvent.click(toggle);
    expect(await screen.findByText('chat of a1 at i9')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.hidden).toBe(false);
    await userEvent.click(toggle);
    expect(screen.queryByText('chat of a1 at i9')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
