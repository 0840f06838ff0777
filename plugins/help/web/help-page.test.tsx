import { renderConsoleInTestApp, screen, testApp, testUser } from '@civic/sdk/testing';
import helpPlugin from '../plugin';
import { GUIDE } from '../common/guide';

describe('HelpPage', () => {
  afterEach(() => localStorage.clear());

  it('shows the guide with a table of contents linking to every heading, and the PDF', async () => {
    await renderConsoleInTestApp({ route: '/help', user: testUser(), app: [testApp('a1', 'Plus')], plugins: [helpPlugin] });
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    for (const section of GUIDE.sections) {
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
