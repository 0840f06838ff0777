import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeViolations, openBrowser, seriousAxeViolations, type Browser } from './support/browser';
import { sidebarEntries, signIn, signOut, waitForPath } from './support/console-user';
import { click, fill, waitForText } from './support/identity-steps';
import { linkOf, TestSmtp as Mailbox } from '../support/test-smtp';
import { E2E_PASSWORD, startConsole, type RunningConsole } from './support/server';

/**
 * Team and platform administration in a real Chromium against the real server, with mail delivered
 * to an SMTP server on loopback: an app admin invites a new person, who activates the account from
 * the mail and signs in; a role change shows in their sidebar; a platform admin filters, patches
 * and decommissions a chat app. Every screen visited is checked with axe.
 */
const MEMBER = 'new.officer@agency.gov.sg';
const MEMBER_PASSWORD = 'Member-e2e-Passw0rd-7';
const APP = 'demo-starter';

let running: RunningConsole;
let mailbox: Mailbox;
let browser: Browser;
let closeBrowser: () => Promise<void>;

async function expectAccessible(where: string): Promise<void> {
  const violations = await seriousAxeViolations(browser);
  assert.deepEqual(violations, [], `axe on ${where}:\n${describeViolations(violations)}`);
}

before(async () => {
  mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  running = await startConsole({ SMTP_URL: smtpUrl, CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off' });
  ({ browser, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
  await running?.stop();
  await mailbox?.stop();
});

async function roleSelect(email: string) {
  const select = browser.$(`select[aria-label="Role of ${email}"]`);
  await select.waitForDisplayed({ timeout: 15_000 });
  return select;
}

/** Opens the edit dialog of an app from the chat apps table; returns its project id field. */
async function openEditor(appId: string) {
  const edit = browser.$(`button[aria-label="Edit ${appId}"]`);
  await edit.waitForClickable({ timeout: 15_000 });
  await edit.click();
  const projectId = browser.$('#app-projectId');
  await projectId.waitForDisplayed({ timeout: 15_000 });
  // A click while the dialog is still entering can land on the backdrop, which closes it.
  await browser.$('.bp6-dialog-container.bp6-overlay-enter-done').waitForExist({ timeout: 15_000 });
  return projectId;
}

describe('team', () => {
  test('an app admin invites a new person; the mailed link activates the account; they sign in and see Team', async () => {
    await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/team/${APP}`);
    await browser.$('table[aria-label="Team members"]').waitForDisplayed({ timeout: 15_000 });
    await expectAccessible('/team');

    const seen = mailbox.count;
    await click(browser, 'button', 'Invite member');
    await fill(browser, 'team-invite-email', MEMBER);
    await browser.$('#team-invite-role').selectByVisibleText('Editor');
    await expectAccessible('invite dialog');
    await click(browser, 'button', 'Invite');
    await waitForText(browser, `Invitation mailed to ${MEMBER}: they set a password with the link, then sign in`);
    assert.equal(await (await roleSelect(MEMBER)).getValue(), '1');
    await signOut(browser);

    const link = linkOf(await mailbox.waitFor(MEMBER, /invited you to/, seen));
    await browser.url(link);
    await fill(browser, 'reset-password', MEMBER_PASSWORD);
    await fill(browser, 'reset-confirmPassword', MEMBER_PASSWORD);
    await click(browser, 'button', 'Reset password');
    await waitForText(browser, 'Your password has been updated');

    await signIn(browser, running.url, MEMBER, MEMBER_PASSWORD);
    await browser.url(`${running.url}/team/${APP}`);
    await browser.$('table[aria-label="Team members"]').waitForDisplayed({ timeout: 15_000 });
    const entries = await sidebarEntries(browser);
    assert.ok(entries.includes('Team'), entries.join(', '));
    assert.ok(!entries.includes('Chat Apps'), 'no platform items for an editor');
    await signOut(browser);
  });

  test('the admin makes them a viewer: Team leaves their sidebar and the page refuses them', async () => {
    await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
    await browser.url(`${running.url}/team/${APP}`);
    await (await roleSelect(MEMBER)).selectByVisibleText('Viewer');
    await waitForText(browser, `${MEMBER} is now Viewer`);
    await signOut(browser);

    await signIn(browser, running.url, MEMBER, MEMBER_PASSWORD);
    await browser.url(`${running.url}/my-workspace/${APP}`);
    await browser.$('#page-title').waitForDisplayed();
    await browser.waitUntil(async () => (await sidebarEntries(browser)).length > 0, { timeout: 15_000 });
    assert.ok(!(await sidebarEntries(browser)).includes('Team'));
    await browser.url(`${running.url}/team/${APP}`);
    await waitForText(browser, 'You do not have access to this.');
    await signOut(browser);
  });
});

describe('platform admin', () => {
  test('the platform items show for a platform admin; each screen is accessible', async () => {
    await signIn(browser, running.url, 'admin@demo.gov.sg', E2E_PASSWORD);
    const entries = await sidebarEntries(browser);
    for (const label of ['Agencies', 'Adaptors', 'Chat Apps', 'Subscription tiers', 'Feature flags', 'Users']) assert.ok(entries.includes(label), `${label} in ${entries.join(', ')}`);
    for (const [path, marker] of [
      ['/agency', 'Demo Agency'],
      ['/adaptor', 'No adaptors yet'],
      ['/subscription-tiers', 'Max members'],
      ['/feature-flags', 'next-gen-console'],
    ]) {
      await browser.url(`${running.url}${path}`);
      await waitForText(browser, marker);
      await expectAccessible(path);
    }
  });

  test('agencies: a used agency cannot be deleted and says why; an unused one is deleted; one merges into another', async () => {
    await browser.url(`${running.url}/agency`);
    await waitForText(browser, 'Demo Agency');
    const demoDelete = browser.$('button[aria-label="Delete Demo Agency"]');
    assert.equal(await demoDelete.isEnabled(), false);
    const reasonId = await demoDelete.getAttribute('aria-describedby');
    assert.match(await browser.$(`#${reasonId}`).getText(), /^Demo Agency still has \d+ apps and \d+ users: merge it into another agency instead\.$/);

    for (const name of ['Spare Agency', 'Old Agency', 'New Agency']) {
      await click(browser, 'button', 'New agency');
      await fill(browser, 'agency-name', name);
      await click(browser, 'button', 'Save');
      await browser.$(`button[aria-label="Delete ${name}"]`).waitForExist({ timeout: 15_000 });
      await browser.$('.bp6-dialog').waitForExist({ reverse: true, timeout: 15_000 });
    }
    // A name that differs only in case is refused, in the form.
    await click(browser, 'button', 'New agency');
    await fill(browser, 'agency-name', 'SPARE AGENCY');
    await click(browser, 'button', 'Save');
    await waitForText(browser, 'An agency with this name already exists: Spare Agency');
    await click(browser, 'button', 'Cancel');
    await browser.$('.bp6-dialog').waitForExist({ reverse: true, timeout: 15_000 });

    await browser.$('button[aria-label="Delete Spare Agency"]').click();
    const confirmDelete = browser.$('[role="alertdialog"]');
    await confirmDelete.waitForDisplayed({ timeout: 15_000 });
    assert.match(await confirmDelete.getText(), /Delete the agency Spare Agency\?/);
    await expectAccessible('delete agency confirmation');
    await confirmDelete.$('.//button[normalize-space()="Delete agency"]').click();
    await browser.$('button[aria-label="Delete Spare Agency"]').waitForExist({ reverse: true, timeout: 15_000 });
    await browser.$('.bp6-overlay-backdrop').waitForExist({ reverse: true, timeout: 15_000 });

    await browser.$('button[aria-label="Merge Old Agency into another agency"]').click();
    const merge = browser.$('[role="alertdialog"]');
    await merge.waitForDisplayed({ timeout: 15_000 });
    await browser.$('#agency-merge-into').selectByVisibleText('New Agency');
    await expectAccessible('merge agency dialog');
    await merge.$('.//button[normalize-space()="Merge"]').click();
    await waitForText(browser, 'Merged Old Agency into New Agency');
    await browser.$('[aria-label="Old Agency"]').waitForExist({ reverse: true, timeout: 15_000 });
    assert.ok(await browser.$('[aria-label="New Agency"]').isExisting());
  });

  test('chat apps: filter, patch an app, decommission it', async () => {
    await browser.url(`${running.url}/chatApp`);
    await waitForText(browser, 'Demo Starter Bot');
    await expectAccessible('/chatApp');

    await click(browser, 'button', 'Filters');
    await browser.$('[aria-label="Field of condition 1"]').selectByVisibleText('Tier');
    await browser.$('[aria-label="Operator of condition 1"]').selectByVisibleText('equals');
    await browser.$('[aria-label="Value of condition 1"]').setValue('Plus');
    await expectAccessible('table filter');
    await click(browser, 'button', 'Apply filter');
    await browser.waitUntil(async () => (await browser.$('[role="status"]').getText()).trim() === '2 apps', { timeout: 15_000, timeoutMsg: 'the filter did not narrow to the two Plus apps' });
    const body = await browser.$('.civic-chat-apps-table').getText();
    assert.ok(body.includes('Demo Plus Bot') && !body.includes('Demo Starter Bot'), body);

    const projectId = await openEditor('demo-plus');
    await projectId.setValue('gcp-plus-42');
    await expectAccessible('edit app dialog');
    await click(browser, 'button', 'Save');
    await waitForText(browser, 'Saved demo-plus');

    await browser.$('.bp6-dialog').waitForExist({ reverse: true, timeout: 15_000 });
    assert.equal(await (await openEditor('demo-plus')).getValue(), 'gcp-plus-42');
    await click(browser, 'button', 'Decommission');
    const confirm = browser.$('[role="alertdialog"]');
    await confirm.waitForDisplayed({ timeout: 15_000 });
    await confirm.$('.//button[normalize-space()="Decommission"]').click();
    await waitForText(browser, 'App decommissioned: demo-plus');
    await browser.waitUntil(async () => (await browser.$('[role="status"]').getText()).trim() === '1 app', { timeout: 15_000, timeoutMsg: 'demo-plus is still listed' });

    await browser.$('//label[contains(., "Include decommissioned")]').click();
    await browser.waitUntil(async () => (await browser.$('.civic-chat-apps-table').getText()).includes('Decommissioned'), { timeout: 15_000 });
    await signOut(browser);
  });

  test('a non-platform-admin is refused the platform screens', async () => {
    await signIn(browser, running.url, 'appadmin@demo.gov.sg', E2E_PASSWORD);
    assert.ok(!(await sidebarEntries(browser)).includes('Chat Apps'));
    await browser.url(`${running.url}/chatApp`);
    await waitForText(browser, 'You do not have access to this.');
    await waitForPath(browser, '/chatApp');
  });
});
