import { renderConsoleInTestApp, screen, testApp, testUser } from '@civic/sdk/testing';
import helpPlugin from '../plugin';
import { GUIDE, guideFor } from '../common/guide';

describe('guideFor', () => {
  it('leaves out the topics of plugins the deployment does not run, and sections left empty', () => {
    const minimal = guideFor(['help', 'team']);
    const topics = minimal.sections.flatMap((s) => s.topics.map((t) => t.id));
    expect(topics).toContain('team');
    expect(topics).toContain('signing-in');
    expect(topics).not.toContain('intents');
    expect(topics).not.toContain('entities');
    expect(minimal.sections.map((s) => s.id)).not.toContain('publish');
    const everything = guideFor([...new Set(GUIDE.sections.flatMap((s) => s.topics.map((t) => t.plugin ?? 'help')))]);
    expect(everything.sections.flatMap((s) => s.topics)).toHaveLength(GUIDE.sections.flatMap((s) => s.topics).length);
  });
});

describe('HelpPage', () => {
  afterEach(() => localStorage.clear());

  it('shows the guide with a table of contents linking to every heading, and the PDF', async () => {
    await renderConsoleInTestApp({ route: '/help', user: testUser(), app: [testApp('a1', 'Plus')], plugins: [helpPlugin] });
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    // Only the help plugin runs here: the guide documents no screen of another plugin.
    expect(screen.queryByRole('heading', { level: 3, name: 'Intents' })).toBeNull();
    for (const section of guideFor(['help']).sections) {
      const heading = screen.getByRole('heading', { level: 2, name: new RegExp(section.title) });
      const link = toc.querySelector(`a[href="#${section.id}"]`);
      expect(link?.textContent).toBe(section.title);
      expect(heading.closest('section')?.id).toBe(section.id);
      for (const topic of section.topics) {
        expect(screen.getByRole('heading', { level: 3, name: topic.title }).closest('section')?.id).toBe(`${section.id}-${topic.id}`);
        expect(toc.querySelector(`a[href="#${section.id}-${topic.id}"]`)).toBeTruthy();
      }
    }
    expect(screen.getByRole('link', { name: 'Download the guide (PDF)' }).getAttribute('href')).toBe('/help/civic-console-guide.pdf');
  });
});
