import { Callout, Card, Classes } from '@civic/sdk/web/blueprint';
import { DocumentIcon } from '@civic/sdk/web/icons';
import { Page, PluginCatalog, useService } from '@civic/sdk/web';
import { HelpPaths } from '../common/api';
import { guideFor } from '../common/guide';
import type { GuideBlock } from '../common/guide-model';
import './help.css';

/** /help: the user guide (common/guide.ts, the same text as the PDF), with a table of contents. */
export function HelpPage() {
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const GUIDE = guideFor(catalog.plugins.map((plugin) => plugin.id));
  return (
    <Page
      title="Help"
      description={GUIDE.subtitle}
      actions={
        <a className={Classes.BUTTON} href={HelpPaths.pdf} target="_blank" rel="noopener noreferrer">
          <DocumentIcon />
          <span className={Classes.BUTTON_TEXT}>Download the guide (PDF)</span>
        </a>
      }
    >
      <div className="civic-help">
        <nav className="civic-help-toc" aria-labelledby="help-toc-title">
          <Card elevation={0}>
            <h2 id="help-toc-title" className="civic-help-toc-title">
              Contents
            </h2>
            <ol>
              {GUIDE.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                  <ul>
                    {section.topics.map((topic) => (
                      <li key={topic.id}>
                        <a href={`#${section.id}-${topic.id}`}>{topic.title}</a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </Card>
        </nav>
        <article className="civic-help-guide" aria-label={GUIDE.title}>
          {GUIDE.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="civic-help-section">
              <h2 id={`${section.id}-title`}>
                {index + 1}. {section.title}
              </h2>
              <p className="civic-help-intro">{section.intro}</p>
              {section.topics.map((topic) => (
                <section key={topic.id} id={`${section.id}-${topic.id}`} aria-labelledby={`${section.id}-${topic.id}-title`}>
                  <h3 id={`${section.id}-${topic.id}-title`}>{topic.title}</h3>
                  {topic.blocks.map((block, i) => (
                    <Block key={i} block={block} />
                  ))}
                </section>
              ))}
            </section>
          ))}
        </article>
      </div>
    </Page>
  );
}

function Block({ block }: { block: GuideBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'steps':
      return (
        <ol>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case 'tip':
      return (
        <Callout intent="primary" className="civic-help-tip" title="Tip">
          {block.text}
        </Callout>
      );
    case 'terms':
      return (
        <dl className="civic-help-terms">
          {block.items.map(({ term, meaning }) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      );
  }
}
