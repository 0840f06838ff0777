import { extractCandidates, formatOf } from './qna-extract';

const FAQ_PAGE = `<!doctype html><html><head><style>h2{}</style><script>var x = "<h2>Not me?</h2>";</script></head><body>
<nav><a href="/">Home</a></nav>
<h1>Passports</h1>
<p>General information about passports.</p>
<h2>How do I renew my passport?</h2>
<p>Apply online with your Singpass.</p><p>It takes <b>5 working days</b>.</p>
<h2>What does it cost?</h2>
<ul><li>Adults: $70</li><li>Children: $50</li></ul>
<h2>Contact us</h2><p>Call 1800 123 4567.</p>
<dl><dt>Singpass</dt><dd>The national digital identity &amp; login.</dd></dl>
<details><summary>Can I travel while it is renewed?</summary><p>Yes, with your old passport until collection.</p></details>
</body></html>`;

describe('Q&A extraction', () => {
  it('finds question headings with the text under them, definition lists and FAQ details in a government page', () => {
    expect(formatOf('faq.html', FAQ_PAGE)).toBe('html');
    const found = extractCandidates(FAQ_PAGE, 'html');
    expect(found.map((c) => c.question)).toEqual(['How do I renew my passport?', 'What does it cost?', 'Singpass', 'Can I travel while it is renewed?']);
    expect(found[0]).toEqual({ question: 'How do I renew my passport?', answer: 'Apply online with your Singpass. It takes 5 working days .', from: 'heading' });
    expect(found[1].answer).toBe('• Adults: $70 • Children: $50');
    expect(found[2]).toMatchObject({ answer: 'The national digital identity & login.', from: 'definition' });
    expect(found.some((c) => /Contact|Not me/.test(c.question))).toBe(false);
  });

  it('reads Q:/A: lists and question lines in plain text, and Markdown headings', () => {
    const text = 'Q: When are you open?\nA: 9am to 5pm on weekdays.\n\nWhere are you?\nAt 10 Kallang Road.\n';
    expect(extractCandidates(text, 'text')).toEqual([
      { question: 'When are you open?', answer: '9am to 5pm on weekdays.', from: 'faq' },
      { question: 'Where are you?', answer: 'At 10 Kallang Road.', from: 'question-line' },
    ]);
    const md = '# Fees\n\n## Is there a late fee?\nYes, **$20**.\n\n## Overview\nNothing to see.\n';
    expect(formatOf('x.md', md)).toBe('markdown');
    expect(extractCandidates(md, 'markdown')).toEqual([{ question: 'Is there a late fee?', answer: 'Yes, $20.', from: 'heading' }]);
  });

  it('keeps a paragraph after a definition list or an accordion out of the last answer', () => {
    const page = `<h1>Fees</h1>
<dl class="faq"><dt>How much is a passport?</dt><dd><p>$70 for adults.</p><p>Pay online.</p></dd><dt>How long does it take?</dt><dd>Five working days.</dd></dl>
<p>Last updated 1 March 2026.</p>
<div class="accordion"><details><summary>Can I pay in cash?</summary><div class="accordion-body"><p>No, by card or PayNow only.</p></div></details>
<details><summary>Is there a late fee?</summary><p>Yes, $20.</p></details></div>
<p>Share this page.</p>`;
    expect(extractCandidates(page, 'html')).toEqual([
      { question: 'How much is a passport?', answer: '$70 for adults. Pay online.', from: 'definition' },
      { question: 'How long does it take?', answer: 'Five working days.', from: 'definition' },
      { question: 'Can I pay in cash?', answer: 'No, by card or PayNow only.', from: 'heading' },
      { question: 'Is there a late fee?', answer: 'Yes, $20.', from: 'heading' },
    ]);
  });

  it('reads numbered Q/A text without the numbers in the questions', () => {
    const text = '1. How do I apply?\nApply online with Singpass.\n\n2) When will I hear back?\nWithin 14 days.\n';
    expect(extractCandidates(text, 'text')).toEqual([
      { question: 'How do I apply?', answer: 'Apply online with Singpass.', from: 'question-line' },
      { question: 'When will I hear back?', answer: 'Within 14 days.', from: 'question-line' },
    ]);
  });
});
