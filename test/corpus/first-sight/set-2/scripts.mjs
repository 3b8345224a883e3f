// Hand-written Playwright scripts for every plan of first-sight set 2: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { T, must, txt, waitFor } from '../kit.mjs';

// ------------------------------------------------------------------ syncthing

async function stOpen(page, url) {
  await page.goto(url);
  await page.locator('#folders .panel').first().waitFor({ timeout: T });
  // the GUI fills folder states in after the first poll
  await page.waitForFunction(() => [...document.querySelectorAll('#folders .panel-status')].every((s) => s.innerText.trim() && !/Unknown/.test(s.innerText)), null, { timeout: T });
}
const stFolders = (page) => page.locator('#folders .panel-title-text').allInnerTexts().then((a) => a.map((s) => s.trim()));
const stFolder = (page, label) => page.locator('#folders > .panel').filter({ has: page.locator('.panel-title-text', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) });
const stDevices = (page) => page.locator('#devices .panel-title-text').allInnerTexts().then((a) => a.map((s) => s.trim()));
const stDevice = (page, name) => page.locator('#devices > .panel').filter({ has: page.locator('.panel-title-text', { hasText: new RegExp(`^\\s*${name}\\s*$`) }) });
async function stExpand(page, panel) {
  await panel.locator('.panel-heading').click();
  await panel.locator('.panel-collapse.in').waitFor({ timeout: T });
}
async function stRow(panel, label) {
  const row = panel.locator('tr').filter({ has: panel.page().locator('th', { hasText: label }) }).first();
  return txt(row.locator('td'));
}
async function stActions(page, item) {
  await page.locator('.navbar .dropdown-toggle', { hasText: 'Actions' }).click();
  await page.locator('.dropdown-menu:visible a', { hasText: item }).first().click();
}

const SYNCTHING = {
  'syncthing dashboard overview': async (page, url) => {
    await stOpen(page, url);
    must((await page.title()) === 'corpus-laptop | Syncthing', 2, `title is "${await page.title()}"`);
    const f = await stFolders(page);
    must(f.join('|') === 'Documents|Photos', 3, `folders are ${f}`);
    const me = page.locator('#device-this');
    must((await txt(page.locator('.panel:has(#device-this) .panel-title'))) === 'corpus-laptop', 4, 'device name');
    must((await stRow(me, 'Version')).startsWith('v1.19.2'), 4, 'version');
    const d = await stDevices(page);
    must(d.join('|') === 'office-desktop', 5, `devices ${d}`);
    must((await txt(stDevice(page, 'office-desktop').locator('.panel-title > span.pull-right'))) === 'Disconnected', 5, 'not Disconnected');
  },
  'expand the photos folder': async (page, url) => {
    await stOpen(page, url);
    const p = stFolder(page, 'Photos');
    await stExpand(page, p);
    must((await stRow(p, 'Folder ID')) === 'photos', 2, 'folder id');
    must((await stRow(p, 'Shared With')) === 'office-desktop', 3, 'shared with');
    must((await txt(p.locator('.panel-status'))) === 'Up to Date', 4, 'status');
    for (const b of ['Pause', 'Rescan', 'Edit']) must(await p.locator('.panel-footer button', { hasText: b }).isVisible(), 5, `${b} button`);
  },
  'documents folder is not shared with anyone': async (page, url) => {
    await stOpen(page, url);
    const p = stFolder(page, 'Documents');
    must((await txt(p.locator('.panel-status'))) === 'Unshared', 2, 'not Unshared');
    await stExpand(page, p);
    must((await stRow(p, 'Folder ID')) === 'docs', 4, 'folder id');
    must((await stRow(p, 'Shared With')) === '', 4, 'shared with not empty');
  },
  'add a music folder': async (page, url) => {
    await stOpen(page, url);
    await page.locator('button', { hasText: 'Add Folder' }).click();
    const dlg = page.locator('#editFolder');
    await dlg.waitFor({ state: 'visible', timeout: T });
    must((await txt(dlg.locator('.modal-title'))).startsWith('Add Folder'), 2, 'title');
    must((await txt(dlg.locator('.nav-tabs li.active'))) === 'General', 2, 'tab');
    await page.fill('#folderLabel', 'Music');
    await waitFor(4, 'path ends in /Music', async () => (await page.inputValue('#folderPath')).endsWith('/Music'));
    await page.fill('#folderID', 'music-lib');
    await dlg.locator('button', { hasText: 'Save' }).click();
    await dlg.waitFor({ state: 'hidden', timeout: T });
    await waitFor(6, 'folder list', async () => (await stFolders(page)).join('|') === 'Documents|Music|Photos');
    await waitFor(7, 'Music unshared', async () => (await txt(stFolder(page, 'Music').locator('.panel-status'))) === 'Unshared');
  },
  'folder id must be unique': async (page, url) => {
    await stOpen(page, url);
    await page.locator('button', { hasText: 'Add Folder' }).click();
    const dlg = page.locator('#editFolder');
    await dlg.waitFor({ state: 'visible', timeout: T });
    await page.fill('#folderLabel', 'Holiday pics');
    await page.fill('#folderID', 'photos');
    await waitFor(3, 'unique message', async () => (await txt(dlg.locator('#folder-general'))).includes('The folder ID must be unique.'));
    must(await dlg.locator('.has-error #folderID').count() === 1, 3, 'not shown as an error');
    must(await dlg.locator('button', { hasText: 'Save' }).isDisabled(), 4, 'Save enabled');
    await dlg.locator('button', { hasText: 'Close' }).click();
    await dlg.waitFor({ state: 'hidden', timeout: T });
    must((await stFolders(page)).join('|') === 'Documents|Photos', 6, 'folders changed');
  },
  'reject a malformed device id': async (page, url) => {
    await stOpen(page, url);
    await page.locator('#devices ~ * button, button', { hasText: 'Add Remote Device' }).first().click();
    const dlg = page.locator('#editDevice');
    await dlg.waitFor({ state: 'visible', timeout: T });
    await page.fill('#deviceID', '12345-not-a-device');
    await waitFor(3, 'invalid message', async () => (await txt(dlg.locator('.modal-body'))).includes('The entered device ID does not look valid'));
    must(await dlg.locator('button', { hasText: 'Save' }).isDisabled(), 4, 'Save enabled');
  },
  'add the home nas as a remote device': async (page, url) => {
    await stOpen(page, url);
    await page.locator('button', { hasText: 'Add Remote Device' }).click();
    const dlg = page.locator('#editDevice');
    await dlg.waitFor({ state: 'visible', timeout: T });
    await page.fill('#deviceID', '7KNYJ3T-BMFQQ5W-BXSOSA7-PKXOQDI-VLL6HFT-SOMDD6X-XVIEZYL-ABXCGQL');
    await dlg.locator('input#name').fill('home-nas');
    await dlg.locator('button', { hasText: 'Save' }).click();
    await dlg.waitFor({ state: 'hidden', timeout: T });
    await waitFor(4, 'devices', async () => (await stDevices(page)).join('|') === 'home-nas|office-desktop');
    await stExpand(page, stDevice(page, 'home-nas'));
    must((await stRow(stDevice(page, 'home-nas'), 'Last seen')) === 'Never', 6, 'last seen');
    const nas = stDevice(page, 'home-nas');
    const folders = nas.locator('tr').filter({ has: page.locator('th', { hasText: 'Folders' }) });
    must((await folders.count()) === 0 || (await txt(folders.locator('td'))) === '', 6, 'folders listed');
    must(!(await txt(nas.locator('.panel-body'))).includes('Photos') && !(await txt(nas.locator('.panel-body'))).includes('Documents'), 6, 'folders listed');
  },
  'known device id typed without dashes is not recognised': async (page, url) => {
    await stOpen(page, url);
    await page.locator('button', { hasText: 'Add Remote Device' }).click();
    const dlg = page.locator('#editDevice');
    await dlg.waitFor({ state: 'visible', timeout: T });
    await page.fill('#deviceID', 'M7XHF7N-5EW2DZ2-HZHV7TX-N3PW4AV-I2CNONL-TPSMJUH-DBWSYVY-TFJBRAD');
    await waitFor(3, 'already added warning', async () => (await txt(dlg.locator('.modal-body'))).includes('A device with that ID is already added.'));
    must(await dlg.locator('button', { hasText: 'Save' }).isDisabled(), 3, 'Save enabled');
    await page.fill('#deviceID', '');
    await page.fill('#deviceID', 'M7XHF7N5EW2DZ2HZHV7TXN3PW4AVI2CNONLTPSMJUHDBWSYVYTFJBRAD');
    await page.waitForTimeout(500);
    must((await txt(dlg.locator('.modal-body'))).includes('Spaces and dashes are optional (ignored)'), 5, 'help text gone');
    const body = await txt(dlg.locator('.modal-body'));
    const disabled = await dlg.locator('button', { hasText: 'Save' }).isDisabled();
    must(body.includes('A device with that ID is already added.') && disabled, 6, `no "already added" warning for office-desktop's ID without dashes (Save disabled: ${disabled})`);
  },
  'pause and resume photos': async (page, url) => {
    await stOpen(page, url);
    const p = stFolder(page, 'Photos');
    await stExpand(page, p);
    await p.locator('.panel-footer button', { hasText: 'Pause' }).click();
    await waitFor(2, 'Paused', async () => (await txt(p.locator('.panel-status'))) === 'Paused');
    // the panel folds up when the folder's state changes
    await p.locator('.panel-collapse.in').waitFor({ state: 'detached', timeout: 3000 }).catch(() => {});
    await page.waitForTimeout(300);
    if (!(await p.locator('.panel-collapse.in').count())) await stExpand(page, p);
    must(await p.locator('.panel-footer button', { hasText: 'Resume' }).isVisible(), 4, 'no Resume');
    must(!(await p.locator('.panel-footer button', { hasText: /^\s*Pause\s*$/ }).isVisible()), 4, 'Pause still there');
    await p.locator('.panel-footer button', { hasText: 'Resume' }).click();
    await waitFor(6, 'not Paused', async () => !(await txt(p.locator('.panel-status'))).includes('Paused'));
  },
  'rename this device from settings': async (page, url) => {
    await stOpen(page, url);
    await stActions(page, 'Settings');
    const dlg = page.locator('#settings');
    await dlg.waitFor({ state: 'visible', timeout: T });
    await waitFor(2, 'device name', async () => (await dlg.locator('#DeviceName').inputValue()) === 'corpus-laptop');
    await dlg.locator('#DeviceName').fill('qa-laptop');
    await dlg.locator('button', { hasText: 'Save' }).click();
    await dlg.waitFor({ state: 'hidden', timeout: T });
    await waitFor(4, 'navbar name', async () => (await txt(page.locator('.navbar-top'))).includes('qa-laptop') && !(await txt(page.locator('.navbar-top'))).includes('corpus-laptop'));
    await waitFor(5, 'this device', async () => (await txt(page.locator('.panel:has(#device-this) .panel-title'))) === 'qa-laptop');
    await waitFor(6, 'title', async () => (await page.title()) === 'qa-laptop | Syncthing');
  },
  "show this device's id": async (page, url) => {
    await stOpen(page, url);
    await stActions(page, 'Show ID');
    const dlg = page.locator('#idqr');
    await dlg.waitFor({ state: 'visible', timeout: T });
    must((await txt(dlg.locator('.modal-title'))) === 'Device Identification - corpus-laptop', 2, 'title');
    const body = await txt(dlg.locator('.modal-body'));
    must(/\b([A-Z0-9]{7}-){7}[A-Z0-9]{7}\b/.test(body), 3, `no id in ${body}`);
    must(await dlg.locator('img').first().isVisible(), 3, 'no QR image');
    await dlg.locator('button', { hasText: 'Close' }).click();
    await dlg.waitFor({ state: 'hidden', timeout: T }).catch(() => { throw new Error('step 5: the dialog is still shown'); });
  },
  'remote device details': async (page, url) => {
    await stOpen(page, url);
    const d = stDevice(page, 'office-desktop');
    await stExpand(page, d);
    must((await stRow(d, 'Last seen')) === 'Never', 3, 'last seen');
    must((await stRow(d, 'Address')) === 'dynamic', 3, 'address');
    must((await stRow(d, 'Folders')) === 'Photos', 3, 'folders');
    must(await d.locator('.panel-footer button', { hasText: 'Pause' }).isVisible() && await d.locator('.panel-footer button', { hasText: 'Edit' }).isVisible(), 4, 'buttons');
  },
  'relabel documents folder': async (page, url) => {
    await stOpen(page, url);
    const p = stFolder(page, 'Documents');
    await stExpand(page, p);
    await p.locator('.panel-footer button', { hasText: 'Edit' }).click();
    const dlg = page.locator('#editFolder');
    await dlg.waitFor({ state: 'visible', timeout: T });
    must((await page.inputValue('#folderID')) === 'docs' && (await page.locator('#folderID').getAttribute('readonly')) !== null, 2, 'id not read-only docs');
    await page.fill('#folderLabel', 'Work Docs');
    await dlg.locator('button', { hasText: 'Save' }).click();
    await dlg.waitFor({ state: 'hidden', timeout: T });
    await waitFor(4, 'folders', async () => (await stFolders(page)).join('|') === 'Photos|Work Docs');
    must(!(await stFolders(page)).includes('Documents'), 5, 'Documents still there');
  },
  'remove the office desktop device': async (page, url) => {
    await stOpen(page, url);
    const d = stDevice(page, 'office-desktop');
    await stExpand(page, d);
    await d.locator('.panel-footer button', { hasText: 'Edit' }).click();
    const dlg = page.locator('#editDevice');
    await dlg.waitFor({ state: 'visible', timeout: T });
    await dlg.locator('button', { hasText: 'Remove' }).click();
    const conf = page.locator('#remove-device-confirmation');
    await conf.waitFor({ state: 'visible', timeout: T });
    must(/Are you sure you want to remove device office-desktop\?/.test(await txt(conf)), 3, await txt(conf));
    await conf.locator('button', { hasText: 'Yes' }).click();
    await conf.waitFor({ state: 'hidden', timeout: T });
    await waitFor(5, 'no devices', async () => (await page.locator('#devices > .panel').count()) === 0);
    await waitFor(6, 'Photos unshared', async () => (await txt(stFolder(page, 'Photos').locator('.panel-status'))) === 'Unshared');
  },
  'share documents with office desktop': async (page, url) => {
    await stOpen(page, url);
    const p = stFolder(page, 'Documents');
    await stExpand(page, p);
    await p.locator('.panel-footer button', { hasText: 'Edit' }).click();
    const dlg = page.locator('#editFolder');
    await dlg.waitFor({ state: 'visible', timeout: T });
    await dlg.locator('.nav-tabs a', { hasText: 'Sharing' }).click();
    const box = dlg.locator('#folder-sharing .checkbox', { hasText: 'office-desktop' }).locator('input[type=checkbox]');
    await box.waitFor({ state: 'visible', timeout: T });
    must(!(await box.isChecked()), 3, 'already ticked');
    await box.check();
    await dlg.locator('button', { hasText: 'Save' }).click();
    await dlg.waitFor({ state: 'hidden', timeout: T });
    await waitFor(5, 'not Unshared', async () => (await txt(stFolder(page, 'Documents').locator('.panel-status'))) !== 'Unshared');
    const p2 = stFolder(page, 'Documents');
    if (!(await p2.locator('.panel-collapse.in').count())) await stExpand(page, p2);
    await waitFor(7, 'shared with', async () => (await stRow(p2, 'Shared With')) === 'office-desktop');
  },
  'negative minimum free disk space in settings': async (page, url) => {
    await stOpen(page, url);
    await stActions(page, 'Settings');
    const dlg = page.locator('#settings');
    await dlg.waitFor({ state: 'visible', timeout: T });
    const field = dlg.locator('#minHomeDiskFree');
    await waitFor(2, 'value 1', async () => (await field.inputValue()) === '1');
    const unit = field.locator('xpath=following::select[1]');
    must((await unit.locator('option:checked').innerText()).trim() === '%', 2, 'unit');
    await field.fill('-5');
    await waitFor(4, 'non-negative hint', async () => (await txt(dlg.locator('.tab-pane.active'))).includes('Enter a non-negative number'));
    const disabled = await dlg.locator('.modal-footer button', { hasText: 'Save' }).isDisabled();
    if (!disabled) {
      // what saving does: the dialog closes and the value is silently dropped
      await dlg.locator('.modal-footer button', { hasText: 'Save' }).click();
      await dlg.waitFor({ state: 'hidden', timeout: T });
      await stActions(page, 'Settings');
      await dlg.waitFor({ state: 'visible', timeout: T });
      throw new Error(`step 5: Save is enabled while "Enter a non-negative number" is shown for -5; saving closed the dialog and the field reads ${await field.inputValue()} again`);
    }
  },
};


// ------------------------------------------------------------------ mediawiki

const mwUrl = (url, title, q = '') => `${url}index.php?title=${encodeURIComponent(title).replace(/%20/g, '_')}${q}`;
async function mwLogin(page, url, account, step) {
  await page.goto(mwUrl(url, 'Special:UserLogin'));
  await page.fill('#wpName1', account.username);
  await page.fill('#wpPassword1', account.password);
  await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#wpLoginAttempt')]);
  must(await page.locator('#pt-logout').count() === 1, step, 'not logged in');
}
const heading = (page) => txt(page.locator('#firstHeading'));
const content = (page) => txt(page.locator('#mw-content-text'));

const MEDIAWIKI = {
  'wiki main page for visitors': async (page, url) => {
    await page.goto(url);
    must((await heading(page)) === 'Main Page', 2, `heading ${await heading(page)}`);
    must((await content(page)).includes('MediaWiki has been installed'), 2, 'installed text');
    must((await page.title()) === 'Corpus Wiki', 3, `title ${await page.title()}`);
    must((await txt(page.locator('#pt-anonuserpage'))) === 'Not logged in', 4, 'not logged in');
    must((await txt(page.locator('#pt-createaccount'))) === 'Create account' && (await txt(page.locator('#pt-login'))) === 'Log in', 4, 'links');
  },
  'log in as admin': async (page, url, account) => {
    await page.goto(url);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#pt-login a')]);
    must(await page.locator('label[for=wpName1]', { hasText: 'Username' }).isVisible() && await page.locator('label[for=wpPassword1]', { hasText: 'Password' }).isVisible(), 2, 'form');
    await page.fill('#wpName1', account.username);
    await page.fill('#wpPassword1', account.password);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#wpLoginAttempt')]);
    must((await txt(page.locator('#pt-userpage'))) === 'Admin' && (await txt(page.locator('#pt-logout'))) === 'Log out', 4, 'user links');
    must(await page.locator('#pt-login').count() === 0, 5, 'Log in still shown');
  },
  'wrong password is refused': async (page, url) => {
    await page.goto(mwUrl(url, 'Special:UserLogin'));
    await page.fill('#wpName1', 'Admin');
    await page.fill('#wpPassword1', 'letmein');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#wpLoginAttempt')]);
    must((await txt(page.locator('.mw-message-box-error, .errorbox').first())) === 'Incorrect username or password entered. Please try again.', 3, 'error box');
    must((await heading(page)) === 'Log in' && (await page.inputValue('#wpName1')) === 'Admin', 4, 'not on login page');
  },
  'full text search finds coffee': async (page, url) => {
    await page.goto(url);
    await page.fill('#searchInput', 'airtight');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.press('#searchInput', 'Enter')]);
    must((await heading(page)) === 'Search results', 3, 'not results');
    must((await txt(page.locator('.results-info'))) === 'Result 1 of 1', 3, 'count');
    const hits = await page.locator('.mw-search-result-heading').allInnerTexts();
    must(hits.length === 1 && hits[0].trim() === 'Coffee', 4, `hits ${hits}`);
    must((await txt(page.locator('.searchresult').first())) === 'Keep beans in an airtight container away from light.', 4, 'snippet');
  },
  'go straight to an article from search': async (page, url) => {
    await page.goto(url);
    await page.locator('#searchInput').pressSequentially('espresso', { delay: 60 });
    const sugg = page.locator('.suggestions-results a', { hasText: 'Espresso' }).first();
    await sugg.waitFor({ timeout: T });
    await Promise.all([page.waitForNavigation({ timeout: T }), sugg.click()]);
    must((await heading(page)) === 'Espresso', 3, `heading ${await heading(page)}`);
    must(page.url().endsWith('/Espresso'), 4, page.url());
    must((await content(page)).includes('Espresso is a concentrated coffee'), 5, 'text');
  },
  'beverages category listing': async (page, url) => {
    await page.goto(`${url}index.php/Category:Beverages`);
    const box = page.locator('#mw-pages');
    must((await txt(box)).includes('The following 3 pages are in this category, out of 3 total.'), 2, 'count line');
    const items = (await box.locator('li').allInnerTexts()).map((s) => s.trim());
    must(items.join('|') === 'Coffee|Espresso|Green tea', 3, `items ${items}`);
    must(!items.includes('Office kitchen'), 4, 'Office kitchen listed');
  },
  'coffee article contents and red link': async (page, url) => {
    await page.goto(`${url}index.php/Coffee`);
    const secs = (await page.locator('#mw-content-text h2 .mw-headline').allInnerTexts()).map((s) => s.trim());
    must(secs.join('|') === 'Brewing methods|Storage', 2, `sections ${secs}`);
    const fp = page.locator('#mw-content-text a', { hasText: 'French press' });
    const es = page.locator('#mw-content-text li a', { hasText: 'Espresso' });
    must((await fp.getAttribute('class'))?.includes('new') && !((await es.getAttribute('class')) ?? '').includes('new'), 3, 'link colours');
    await Promise.all([page.waitForNavigation({ timeout: T }), fp.click()]);
    must((await heading(page)) === 'Creating French press', 5, `heading ${await heading(page)}`);
    must((await page.inputValue('#wpTextbox1')).trim() === '', 6, 'edit box not empty');
  },
  'add a kitchen rule as admin': async (page, url, account) => {
    await mwLogin(page, url, account, 1);
    await page.goto(`${url}index.php/Office_kitchen`);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#ca-edit a')]);
    const text = await page.inputValue('#wpTextbox1');
    await page.fill('#wpTextbox1', text.replace('# The coffee machine is descaled every Friday.', '# The coffee machine is descaled every Friday.\n# Empty the dishwasher on Mondays.'));
    await page.fill('#wpSummary', 'Added dishwasher rule');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#wpSave')]);
    must((await heading(page)) === 'Office kitchen', 4, 'not the page');
    const rules = (await page.locator('#mw-content-text ol > li').allInnerTexts()).map((s) => s.trim());
    must(rules.length === 4 && rules[3] === 'Empty the dishwasher on Mondays.', 4, `rules ${rules}`);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#ca-history a')]);
    const revs = page.locator('#pagehistory li');
    must((await revs.count()) === 2, 6, `revisions ${await revs.count()}`);
    const top = await txt(revs.first());
    must(top.includes('Admin') && (await txt(revs.first().locator('.comment'))).replace(/[()]/g, '') === 'Added dishwasher rule', 6, top);
  },
  'preview does not save': async (page, url) => {
    await page.goto(`${url}index.php/Green_tea`);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#ca-edit a')]);
    const text = await page.inputValue('#wpTextbox1');
    await page.fill('#wpTextbox1', text.replace('80 °C', '75 °C'));
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#wpPreview')]);
    must((await txt(page.locator('.previewnote'))).includes('Remember that this is only a preview. Your changes have not yet been published!'), 3, 'preview note');
    must((await txt(page.locator('#wikiPreview'))).includes('Brew at 75 °C for two minutes.'), 4, 'preview text');
    page.on('dialog', (d) => d.accept().catch(() => {}));
    await page.goto(`${url}index.php/Green_tea`);
    const c = await content(page);
    must(c.includes('80 °C') && !c.includes('75 °C'), 6, c);
  },
  'what links here to coffee': async (page, url) => {
    await page.goto(`${url}index.php/Coffee`);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#t-whatlinkshere a')]);
    const c = await content(page);
    const items = (await page.locator('#mw-whatlinkshere-list > li > a').allInnerTexts()).map((s) => s.trim()).sort();
    must(c.includes('The following pages link to Coffee') && items.join('|') === 'Espresso|Office kitchen', 3, `items ${items}`);
    must(c.includes('Displayed 2 items.'), 4, 'displayed');
  },
  'watch the espresso page': async (page, url, account) => {
    await mwLogin(page, url, account, 1);
    await page.goto(`${url}index.php/Espresso`);
    must(await page.locator('#ca-watch').count() === 1 && await page.locator('#ca-unwatch').count() === 0, 2, 'already watched');
    await page.click('#ca-watch a');
    await waitFor(4, 'notification', async () => (await txt(page.locator('.mw-notification-area'))).includes('"Espresso" and its discussion page have been added to your watchlist'));
    await waitFor(5, 'star filled', async () => (await page.locator('#ca-unwatch').count()) === 1);
    await page.goto(mwUrl(url, 'Special:EditWatchlist'));
    const c = await content(page);
    must(/\bEspresso\b/.test(c.split('Main')[1] ?? c), 7, c);
  },
  'rename green tea to sencha': async (page, url, account) => {
    await mwLogin(page, url, account, 1);
    await page.goto(`${url}index.php/Green_tea`);
    await page.click('#p-cactions');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#ca-move a')]);
    await page.fill('input[name=wpNewTitleMain]', 'Sencha');
    must(await page.locator('input[name=wpLeaveRedirect]').isChecked(), 2, 'redirect not ticked');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.locator('button[name=wpMove], input[name=wpMove]').click()]);
    must((await heading(page)) === 'Move succeeded' && (await content(page)).includes('"Green tea" has been moved to "Sencha"'), 3, await content(page));
    await page.goto(`${url}index.php/Green_tea`);
    must((await heading(page)) === 'Sencha' && (await txt(page.locator('#contentSub'))).includes('(Redirected from Green tea)'), 5, 'redirect');
  },
  'delete the espresso page': async (page, url, account) => {
    await mwLogin(page, url, account, 1);
    await page.goto(`${url}index.php/Espresso`);
    await page.click('#p-cactions');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#ca-delete a')]);
    await page.fill('input[name=wpReason]', 'Merged into Coffee');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.locator('[name=wpConfirmB]').click()]);
    must((await content(page)).includes('"Espresso" has been deleted.'), 3, await content(page));
    await page.goto(`${url}index.php/Espresso`);
    const c = await content(page);
    must(c.includes('This page does not exist') && /Admin .*deleted page Espresso \(Merged into Coffee\)/.test(c), 5, c);
  },
  'editing without an account warns about ip': async (page, url) => {
    await page.goto(`${url}index.php/Coffee`);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#ca-edit a')]);
    const warn = await txt(page.locator('.mw-anon-edit-warning, #mw-anon-edit-warning').first());
    must(warn.includes('You are not logged in') && warn.includes('IP address will be publicly visible if you make any edits'), 2, warn);
    must((await page.inputValue('#wpTextbox1')).startsWith("\u0027\u0027\u0027Coffee\u0027\u0027\u0027"), 3, 'text');
    must((await page.locator('#wpSave').getAttribute('value')) === 'Save changes' || (await txt(page.locator('#wpSave'))) === 'Save changes', 4, 'button');
  },
  'create a page from search results': async (page, url, account) => {
    await mwLogin(page, url, account, 1);
    await page.fill('#searchInput', 'Tea ceremony');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.press('#searchInput', 'Enter')]);
    const create = page.locator('.mw-search-createlink');
    must((await txt(create)).includes('Create the page "Tea ceremony" on this wiki!'), 3, await txt(create));
    await Promise.all([page.waitForNavigation({ timeout: T }), create.locator('a').first().click()]);
    await page.fill('#wpTextbox1', 'A \u0027\u0027\u0027tea ceremony\u0027\u0027\u0027 is a ritual way of preparing tea.');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#wpSave')]);
    must((await heading(page)) === 'Tea ceremony' && (await content(page)).includes('A tea ceremony is a ritual way of preparing tea.'), 5, await content(page));
    must((await page.title()) === 'Tea ceremony - Corpus Wiki', 6, await page.title());
  },
  'excluding a word from the search': async (page, url) => {
    await page.goto(mwUrl(url, 'Special:Search'));
    const box = page.locator('#searchText input, input#searchText').first();
    const go = page.locator('#mw-search-top-table button[type=submit], #mw-search-top-table input[type=submit]').first();
    await box.fill('coffee');
    await Promise.all([page.waitForNavigation({ timeout: T }), go.click()]);
    const textHits = async () => {
      const h2 = page.locator('h2', { hasText: 'Page text matches' });
      if (!(await h2.count())) return [];
      return page.locator('h2:has-text("Page text matches") + .mw-search-results-container .mw-search-result-heading, h2:has-text("Page text matches") ~ ul .mw-search-result-heading').allInnerTexts().then((a) => a.map((x) => x.trim()));
    };
    const first = await textHits();
    must(first.join('|') === 'Coffee|Espresso|Office kitchen', 3, `text matches ${first}`);
    await page.locator('#searchText input, input#searchText').first().fill('coffee -espresso');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.locator('#mw-search-top-table button[type=submit], #mw-search-top-table input[type=submit]').first().click()]);
    const all = await page.locator('.mw-search-result-heading').allInnerTexts().then((a) => a.map((x) => x.trim()));
    must(all.includes('Office kitchen') && !all.includes('Coffee') && !all.includes('Espresso'), 5, `"coffee -espresso" lists ${all.join(', ') || 'nothing'}`);
  },
};


// ------------------------------------------------------------------ jupyter

async function nbLogin(page, url, account, step) {
  await page.goto(url);
  await page.fill('#password_input', account.password);
  await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#login_submit')]);
  await page.locator('#notebook_list .list_item').first().waitFor({ timeout: T }).catch(() => {});
  must(/\/tree/.test(page.url()), step, `not logged in: ${page.url()}`);
}
const nbItems = (page) => page.locator('#notebook_list .list_item .item_name').allInnerTexts().then((a) => a.map((s) => s.trim()).filter((s) => s !== '..'));
const nbRow = (page, name) => page.locator('#notebook_list .list_item').filter({ has: page.locator('.item_name', { hasText: new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) });
const nbCounter = (page) => txt(page.locator('#counter-select-all'));
async function nbWaitList(page, step, want) {
  await waitFor(step, `list is ${want}`, async () => (await nbItems(page)).join('|') === want.join('|'));
}
async function nbOpenNotebook(page, url, path) {
  await page.goto(`${url}notebooks/${path}`);
  await page.locator('#notebook_name').waitFor({ timeout: T });
  await waitFor(1, 'kernel idle', async () => (await page.locator('#kernel_indicator_icon.kernel_idle_icon').count()) === 1, 20_000);
}
async function nbMenu(page, menu, itemId) {
  await page.locator('#menus a.dropdown-toggle', { hasText: new RegExp(`^\\s*${menu}\\s*$`) }).click();
  await page.locator(`#${itemId}`).click();
}
async function nbRunAll(page, step) {
  await nbMenu(page, 'Cell', 'run_all_cells');
  await waitFor(step, 'Total: 358 output', async () => (await page.locator('.output_subarea').allInnerTexts()).some((s) => s.trim() === 'Total: 358'), 20_000);
}

const JUPYTER = {
  'wrong password keeps you out': async (page, url) => {
    await page.goto(url);
    must(await page.locator('#password_input[type=password]').isVisible() && (await txt(page.locator('#login_submit'))) === 'Log in', 2, 'login form');
    must((await txt(page.locator('label[for=password_input]'))).startsWith('Password'), 2, 'label');
    await page.fill('#password_input', 'hunter2');
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#login_submit')]);
    must((await txt(page.locator('.message.error, .alert'))).includes('Invalid credentials'), 4, 'no error');
    must(/\/login/.test(page.url()) && await page.locator('#password_input').isVisible() && (await page.locator('#notebook_list').count()) === 0, 5, 'not login page');
  },
  'sign in and see the files': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    must((await page.title()) === 'Home Page - Select or create a notebook', 2, await page.title());
    must((await txt(page.locator('#tabs li.active'))) === 'Files', 3, 'tab');
    await nbWaitList(page, 4, ['data', 'Sales report.ipynb', 'todo.txt']);
    must((await txt(nbRow(page, 'todo.txt').locator('.file_size'))) === '44 B', 5, 'size');
  },
  'browse into the data folder and back': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await Promise.all([page.waitForURL(/\/tree\/data$/, { timeout: T }), nbRow(page, 'data').locator('a.item_link').click()]);
    must(page.url().endsWith('/tree/data'), 2, page.url());
    await nbWaitList(page, 3, ['sales.csv']);
    await Promise.all([page.waitForURL(/\/tree\/?$/, { timeout: T }), page.locator('.breadcrumb a').first().click()]);
    await waitFor(5, 'root list', async () => { const l = await nbItems(page); return l.includes('Sales report.ipynb') && l.includes('todo.txt'); });
  },
  'make a new folder': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await page.click('#new-dropdown-button');
    await page.click('#new-folder');
    await nbWaitList(page, 3, ['data', 'Untitled Folder', 'Sales report.ipynb', 'todo.txt']);
    must((await nbItems(page)).length === 4, 4, 'count');
  },
  'rename the todo file': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await nbRow(page, 'todo.txt').locator('input[type=checkbox]').check();
    await waitFor(3, 'counter 1 and Rename', async () => (await nbCounter(page)) === '1' && await page.locator('.rename-button').isVisible());
    await page.click('.rename-button');
    const dlg = page.locator('.modal:visible');
    await dlg.locator('input').fill('tasks.txt');
    await dlg.locator('button', { hasText: 'Rename' }).click();
    await waitFor(5, 'renamed', async () => { const l = await nbItems(page); return l.includes('tasks.txt') && !l.includes('todo.txt'); });
  },
  'duplicate the todo file': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await nbRow(page, 'todo.txt').locator('input[type=checkbox]').check();
    await page.click('.duplicate-button');
    const dlg = page.locator('.modal:visible');
    await waitFor(2, 'dialog', async () => (await txt(dlg.locator('.modal-body'))) === 'Are you sure you want to duplicate: "todo.txt"?');
    await dlg.locator('button', { hasText: 'Duplicate' }).click();
    await waitFor(4, 'copy listed', async () => { const l = await nbItems(page); return l.includes('todo-Copy1.txt') && l.includes('todo.txt'); });
    must((await txt(nbRow(page, 'todo-Copy1.txt').locator('.file_size'))) === '44 B' && (await txt(nbRow(page, 'todo.txt').locator('.file_size'))) === '44 B', 4, 'sizes');
  },
  'delete the todo file': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await nbRow(page, 'todo.txt').locator('input[type=checkbox]').check();
    await page.click('.delete-button');
    const dlg = page.locator('.modal:visible');
    await waitFor(3, 'dialog', async () => /Are you sure you want to permanently delete.*todo\.txt/.test(await txt(dlg.locator('.modal-body'))));
    await dlg.locator('button', { hasText: 'Delete' }).click();
    await nbWaitList(page, 5, ['data', 'Sales report.ipynb']);
  },
  'select two items at once': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await nbRow(page, 'Sales report.ipynb').locator('input[type=checkbox]').check();
    await nbRow(page, 'todo.txt').locator('input[type=checkbox]').check();
    await waitFor(3, 'counter 2', async () => (await nbCounter(page)) === '2');
    must(await page.locator('.duplicate-button').isVisible() && await page.locator('.delete-button').isVisible() && !(await page.locator('.rename-button').isVisible()), 4, 'buttons');
    await nbRow(page, 'Sales report.ipynb').locator('input[type=checkbox]').uncheck();
    await nbRow(page, 'todo.txt').locator('input[type=checkbox]').uncheck();
    await waitFor(6, 'counter 0', async () => (await nbCounter(page)) === '0' && (await txt(page.locator('.dynamic-instructions'))) === 'Select items to perform actions on them.');
  },
  'nothing running after login': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await page.click('#tabs a[href="#running"]');
    const run = page.locator('#running');
    await waitFor(3, 'no terminals', async () => (await txt(run)).includes('There are no terminals running.'));
    must((await txt(run)).includes('There are no notebooks running.'), 4, 'notebooks');
  },
  'run the sales report': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await nbOpenNotebook(page, url, 'Sales%20report.ipynb');
    must((await txt(page.locator('.rendered_html h1').first())).startsWith('Quarterly sales'), 2, 'heading');
    must((await txt(page.locator('.kernel_indicator_name'))) === 'Python 3 (ipykernel)', 2, 'kernel name');
    await nbRunAll(page, 4);
    const outs = await page.locator('.cell').last().locator('.output_subarea').allInnerTexts();
    must(outs.map((s) => s.trim()).join('|') === 'Total: 358', 4, `outputs ${outs}`);
    await waitFor(5, 'prompts', async () => (await page.locator('.code_cell .input_prompt').allInnerTexts()).map((s) => s.replace(/\s+/g, '')).join('|') === 'In[1]:|In[2]:');
  },
  'add a cell to the sales report': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await nbOpenNotebook(page, url, 'Sales%20report.ipynb');
    await nbRunAll(page, 2);
    await page.locator('.cell').last().locator('.input_prompt').click();
    await nbMenu(page, 'Insert', 'insert_cell_below');
    await waitFor(2, 'new cell', async () => (await page.locator('.cell').count()) === 4);
    await page.locator('.cell').last().locator('.CodeMirror').click();
    await page.keyboard.type('print(sales["March"] * 2)');
    await page.keyboard.press('Control+Enter');
    await waitFor(4, '286', async () => (await txt(page.locator('.cell').nth(3).locator('.output_subarea'))) === '286', 15_000);
    const cells = await page.locator('.cell').count();
    must(cells === 4, 5, `the notebook has ${cells} cells`);
  },
  'rename the notebook from its title': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await nbOpenNotebook(page, url, 'Sales%20report.ipynb');
    await page.click('#notebook_name');
    const dlg = page.locator('.modal:visible');
    await waitFor(3, 'dialog', async () => (await txt(dlg.locator('.modal-title'))) === 'Rename Notebook' && (await dlg.locator('input').inputValue()) === 'Sales report');
    await dlg.locator('input').fill('Q1 sales');
    await dlg.locator('button', { hasText: 'Rename' }).click();
    await waitFor(5, 'renamed', async () => (await txt(page.locator('#notebook_name'))) === 'Q1 sales' && (await page.title()) === 'Q1 sales - Jupyter Notebook');
    await waitFor(6, 'url', async () => page.url().endsWith('Q1%20sales.ipynb'));
  },
  'edit and save the todo list': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    const [ed] = await Promise.all([page.context().waitForEvent('page', { timeout: T }), nbRow(page, 'todo.txt').locator('a.item_link').click()]);
    await ed.locator('.CodeMirror-line').first().waitFor({ timeout: T });
    const lines = async () => (await ed.locator('.CodeMirror-line').allInnerTexts()).map((s) => s.replace(/\u200b/g, '').trim()).filter(Boolean);
    await waitFor(2, 'two lines', async () => (await lines()).join('|') === 'Check the March numbers|Send report to Dana');
    must((await txt(ed.locator('#current-mode'))) === 'Plain Text', 2, 'mode');
    await ed.locator('.CodeMirror-line').nth(1).click();
    await ed.keyboard.press('End');
    await ed.keyboard.press('Enter');
    await ed.keyboard.type('Book the meeting room');
    await waitFor(4, 'asterisk', async () => (await ed.title()) === '*todo.txt - Jupyter Text Editor');
    await ed.locator('#menus a.dropdown-toggle', { hasText: /^\s*File\s*$/ }).click();
    await ed.locator('#menus .dropdown-menu:visible a', { hasText: /^\s*Save\s*$/ }).click();
    await waitFor(6, 'saved', async () => (await txt(ed.locator('#notification_area'))).includes('File saved') && (await ed.title()) === 'todo.txt - Jupyter Text Editor');
    await ed.reload();
    await ed.locator('.CodeMirror-line').first().waitFor({ timeout: T });
    await waitFor(8, 'third line', async () => (await lines())[2] === 'Book the meeting room');
  },
  'log out': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await Promise.all([page.waitForNavigation({ timeout: T }), page.click('#logout')]);
    must((await txt(page.locator('body'))).includes('Successfully logged out.'), 3, 'message');
    await page.goto(`${url}tree`);
    must(/\/login/.test(page.url()) && await page.locator('#password_input').isVisible(), 5, page.url());
  },
  'look at the sales csv': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    await page.goto(`${url}edit/data/sales.csv`);
    await page.locator('.CodeMirror-line').first().waitFor({ timeout: T });
    await waitFor(3, 'lines', async () => (await page.locator('.CodeMirror-line').allInnerTexts()).map((s) => s.replace(/\u200b/g, '').trim()).filter(Boolean).join('|') === 'month,amount|January,120|February,95|March,143');
    must((await txt(page.locator('#save_widget .filename'))) === 'sales.csv', 4, 'file name');
  },
  'shutting a notebook down from the dashboard': async (page, url, account) => {
    await nbLogin(page, url, account, 1);
    const [nb] = await Promise.all([page.context().waitForEvent('page', { timeout: T }), nbRow(page, 'Sales report.ipynb').locator('a.item_link').click()]);
    await nb.locator('#notebook_name').waitFor({ timeout: T });
    await waitFor(2, 'kernel idle', async () => (await nb.locator('#kernel_indicator_icon.kernel_idle_icon').count()) === 1, 20_000);
    await nbRunAll(nb, 3);
    await page.bringToFront();
    await page.reload();
    await page.click('#tabs a[href="#running"]');
    const row = page.locator('#running .list_item', { hasText: 'Sales report.ipynb' });
    await row.locator('button', { hasText: 'Shutdown' }).click({ timeout: T });
    await waitFor(5, 'no notebooks', async () => (await txt(page.locator('#running'))).includes('There are no notebooks running.'));
    await nb.bringToFront();
    const dead = nb.locator('.modal:visible', { hasText: 'Dead kernel' });
    const appeared = await dead.waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (appeared) throw new Error(`step 7: expected the notebook to say its kernel was shut down; it shows "${await txt(dead.locator('.modal-body'))}"`);
    must(!(await txt(nb.locator('body'))).includes('kernel has died'), 7, 'kernel has died message');
  },
};

export const SCRIPTS = { ...SYNCTHING, ...MEDIAWIKI, ...JUPYTER };
