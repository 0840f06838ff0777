import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tab } from '@blueprintjs/core';
import { Tabs } from './keyboard-tabs';

describe('Tabs (keyboard)', () => {
  it('moves focus between the titles with the arrow keys, skipping disabled ones, and Enter selects', async () => {
    const changes: string[] = [];
    render(
      <Tabs id="t" onChange={(id) => changes.push(String(id))}>
        <Tab id="a" title="Alpha" panel={<p>A</p>} />
        <Tab id="b" title="Beta" panel={<p>B</p>} disabled />
        <Tab id="c" title="Gamma" panel={<p>C</p>} />
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'Alpha' }).getAttribute('aria-disabled')).toBe('false');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Alpha' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gamma' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Alpha' }));
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    expect(changes).toEqual(['c']);
  });
});
