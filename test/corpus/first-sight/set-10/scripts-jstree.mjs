// Hand-written Playwright scripts for the jsTree plans of set 10 (checks read the trees and panels as shown).
import { T, must, waitFor, txt } from '../kit.mjs';

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
async function open(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await page.locator('body[data-loaded=yes]').waitFor();
}
/** The anchor of the item called `name` in tree `tree` ('#docs' or '#groups'). */
const item = (page, name, tree = '#docs') => page.locator(`${tree} a.jstree-anchor`, { hasText: new RegExp(`^${esc(name)}$`) });
const li = (page, name, tree = '#docs') => page.locator(`${tree} li.jstree-node`, { has: page.locator(`:scope > a.jstree-anchor`, { hasText: new RegExp(`^${esc(name)}$`) }) });
/** Names of the visible items, top to bottom. */
const visible = async (page, tree = '#docs') => (await page.locator(`${tree} a.jstree-anchor:visible`).allInnerTexts()).map((s) => s.trim());
/** Names of the visible children of the item `name`. */
const children = async (page, name) => (await li(page, name).locator(':scope > ul > li > a.jstree-anchor:visible').allInnerTexts()).map((s) => s.trim());
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const status = (page) => txt(page.locator('#status'));
const details = async (page) => ({
  hint: await page.locator('#nothing').isVisible(),
  name: await page.locator('#d-name').isVisible() ? await txt(page.locator('#d-name')) : '',
  kind: await page.locator('#d-kind').isVisible() ? await txt(page.locator('#d-kind')) : '',
  path: await page.locator('#d-path').isVisible() ? await txt(page.locator('#d-path')) : '',
  count: await page.locator('#d-count').isVisible() ? await txt(page.locator('#d-count')) : null,
});
const toggle = (page, name) => li(page, name).locator(':scope > i.jstree-ocl').click();
const selected = async (page, name) => (await item(page, name).getAttribute('class')).includes('jstree-clicked');
const ticked = async (page, name) => (await item(page, name, '#groups').getAttribute('class')).includes('jstree-clicked');
const partly = async (page, name) => (await item(page, name, '#groups').locator('.jstree-undetermined').count()) > 0;
const shared = (page) => txt(page.locator('#shared-with'));
const TOP = ['Policies', 'Term plans', 'Trips', 'Staff rota.xlsx', 'Welcome letter.docx'];
const renameBox = (page) => page.locator('#docs input.jstree-rename-input');

export const JSTREE = {
  'what the document tree shows on opening': async (page, url) => {
    await open(page, url);
    await waitFor(1, 'top level', async () => same(await visible(page), ['Shared documents', ...TOP]) && same(await children(page, 'Shared documents'), TOP));
    await waitFor(2, 'details hint', async () => (await txt(page.locator('#details p'))) === 'Select a document or folder to see its details.' && (await details(page)).hint);
    must((await status(page)) === 'No changes yet', 3, `status "${await status(page)}"`);
  },
  'opening the Trips folder with its arrow': async (page, url) => {
    await open(page, url);
    await toggle(page, 'Trips');
    await waitFor(2, 'two folders under Trips, one level deeper', async () => {
      const lvl = async (n) => Number(await item(page, n).getAttribute('aria-level'));
      return same(await children(page, 'Trips'), ['Year 4 museum visit', 'Year 6 residential']) && (await lvl('Year 4 museum visit')) === (await lvl('Trips')) + 1 && (await lvl('Year 6 residential')) === (await lvl('Trips')) + 1;
    });
    must((await details(page)).hint && !(await selected(page, 'Trips')), 3, 'something is selected');
  },
  'details of the safeguarding policy': async (page, url) => {
    await open(page, url);
    await item(page, 'Policies').dblclick();
    await item(page, 'Safeguarding policy.pdf').click();
    await waitFor(3, 'highlighted', async () => selected(page, 'Safeguarding policy.pdf'));
    await waitFor(4, 'details', async () => same(await details(page), { hint: false, name: 'Safeguarding policy.pdf', kind: 'Document', path: 'Shared documents / Policies', count: null }));
  },
  'an empty trip folder': async (page, url) => {
    await open(page, url);
    await toggle(page, 'Trips');
    await item(page, 'Year 6 residential').click();
    await waitFor(2, 'empty folder', async () => { const d = await details(page); return d.kind === 'Folder' && d.path === 'Shared documents / Trips' && d.count === 'Empty' && (await txt(page.locator('#d-count-label'))) === 'Contents'; });
    await item(page, 'Trips').click();
    await waitFor(4, '2 items', async () => (await details(page)).count === '2 items');
  },
  'finding every policy': async (page, url) => {
    await open(page, url);
    await page.locator('#search').fill('policy');
    const FILES = ['Behaviour policy.pdf', 'Safeguarding policy.pdf', 'Uniform policy.docx'];
    await waitFor(2, 'only the policies', async () => same(await visible(page), ['Shared documents', 'Policies', ...FILES])
      && same((await page.locator('#docs a.jstree-search').allInnerTexts()).map((s) => s.trim()), FILES));
    await page.locator('#search').fill('');
    await waitFor(4, 'top level back, Policies closed', async () => same(await visible(page), ['Shared documents', ...TOP]) && (await item(page, 'Policies').getAttribute('aria-expanded')) === 'false');
  },
  'searching for something that is not there': async (page, url) => {
    await open(page, url);
    await page.locator('#search').fill('minutes');
    await page.waitForTimeout(1000);
    await waitFor(2, 'nothing listed', async () => { const v = await visible(page); return v.length === 0 || v.join(', '); }, 3000);
  },
  'renaming the staff rota': async (page, url) => {
    await open(page, url);
    await item(page, 'Staff rota.xlsx').click();
    await page.locator('#rename').click();
    await renameBox(page).fill('Staff rota 2027.xlsx');
    await renameBox(page).press('Enter');
    await waitFor(3, 'renamed in place', async () => same(await children(page, 'Shared documents'), ['Policies', 'Term plans', 'Trips', 'Staff rota 2027.xlsx', 'Welcome letter.docx']));
    await waitFor(4, 'status', async () => (await status(page)) === 'Renamed "Staff rota.xlsx" to "Staff rota 2027.xlsx"');
  },
  'a file name with angle brackets in it': async (page, url) => {
    await open(page, url);
    await item(page, 'Welcome letter.docx').click();
    await page.locator('#rename').click();
    await renameBox(page).fill('Welcome letter <draft>.docx');
    await renameBox(page).press('Enter');
    await waitFor(3, 'last item "Welcome letter <draft>.docx"', async () => { const c = await children(page, 'Shared documents'); return c[c.length - 1] === 'Welcome letter <draft>.docx' || c[c.length - 1]; }, 3000);
  },
  'Escape abandons a rename': async (page, url) => {
    await open(page, url);
    await toggle(page, 'Policies');
    await item(page, 'Uniform policy.docx').click();
    await page.locator('#rename').click();
    await renameBox(page).fill('Uniform list.docx');
    await renameBox(page).press('Escape');
    await waitFor(3, 'name unchanged', async () => (await renameBox(page).count()) === 0 && same(await children(page, 'Policies'), ['Behaviour policy.pdf', 'Safeguarding policy.pdf', 'Uniform policy.docx']));
    must((await status(page)) === 'No changes yet', 4, `status "${await status(page)}"`);
  },
  'a folder for the Year 5 castle trip': async (page, url) => {
    await open(page, url);
    await item(page, 'Trips').click();
    await page.locator('#new-folder').click();
    await renameBox(page).waitFor();
    await renameBox(page).fill('Year 5 castle visit');
    await renameBox(page).press('Enter');
    await waitFor(3, 'three folders, new last', async () => same(await children(page, 'Trips'), ['Year 4 museum visit', 'Year 6 residential', 'Year 5 castle visit'])
      && (await li(page, 'Year 5 castle visit').getAttribute('class')).match(/jstree-(leaf|closed|open)/) !== null);
    await waitFor(4, 'details of the new folder', async () => { const d = await details(page); return d.name === 'Year 5 castle visit' && d.kind === 'Folder' && d.count === 'Empty'; });
  },
  'deleting the signed consent form': async (page, url) => {
    await open(page, url);
    await toggle(page, 'Trips');
    await toggle(page, 'Year 4 museum visit');
    await item(page, 'Consent form.pdf').click();
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); d.accept(); });
    await page.locator('#delete').click();
    await waitFor(2, 'asked', async () => asked === 'Delete "Consent form.pdf"?' || asked);
    await waitFor(3, 'only the risk assessment', async () => same(await children(page, 'Year 4 museum visit'), ['Risk assessment.xlsx']));
    await waitFor(4, 'status + hint', async () => (await status(page)) === 'Deleted "Consent form.pdf"' && (await details(page)).hint);
  },
  'backing out of deleting a whole folder': async (page, url) => {
    await open(page, url);
    await item(page, 'Term plans').click();
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); d.dismiss(); });
    await page.locator('#delete').click();
    await waitFor(2, 'asked', async () => asked === 'Delete "Term plans" and everything in it?' || asked);
    await waitFor(3, 'still there, 3 items', async () => (await item(page, 'Term plans').count()) === 1 && (await details(page)).count === '3 items');
    must((await status(page)) === 'No changes yet', 4, `status "${await status(page)}"`);
  },
  'dragging the rota into Policies': async (page, url) => {
    await open(page, url);
    await item(page, 'Staff rota.xlsx').hover();
    await page.mouse.down();
    const b = await item(page, 'Policies').boundingBox();
    await page.mouse.move(b.x + 10, b.y + b.height / 2, { steps: 5 });
    await page.mouse.move(b.x + 20, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    await waitFor(2, 'moved', async () => !(await children(page, 'Shared documents')).includes('Staff rota.xlsx') && (await status(page)) === 'Moved "Staff rota.xlsx" to Policies');
    if ((await item(page, 'Policies').getAttribute('aria-expanded')) !== 'true') await toggle(page, 'Policies');
    await waitFor(4, 'four, rota first', async () => same(await children(page, 'Policies'), ['Staff rota.xlsx', 'Behaviour policy.pdf', 'Safeguarding policy.pdf', 'Uniform policy.docx']));
  },
  'the right-click menu': async (page, url) => {
    await open(page, url);
    await item(page, 'Policies').click({ button: 'right' });
    const menu = page.locator('ul.vakata-context');
    const top = async () => menu.evaluate((m) => [...m.querySelectorAll(':scope > li:not(.vakata-context-separator) > a')].map((a) => a.innerText.trim()));
    await waitFor(2, 'menu', async () => (await menu.isVisible()) && same(await top(), ['Create', 'Rename', 'Delete', 'Edit']));
    await menu.locator(':scope > li > a', { hasText: 'Edit' }).hover();
    const sub = menu.locator(':scope > li > ul');
    await waitFor(4, 'sub-menu, Paste greyed', async () => (await sub.isVisible()) && same((await sub.locator(':scope > li > a').allInnerTexts()).map((s) => s.trim()), ['Cut', 'Copy', 'Paste'])
      && (await sub.locator(':scope > li', { hasText: 'Paste' }).getAttribute('class')).includes('vakata-contextmenu-disabled'));
  },
  'expanding and collapsing everything': async (page, url) => {
    await open(page, url);
    await page.locator('#expand').click();
    await waitFor(2, '16 items', async () => { const v = await visible(page); return v.length === 16 && v.includes('Consent form.pdf') && v.includes('Risk assessment.xlsx'); });
    await page.locator('#collapse').click();
    await waitFor(4, 'only the root', async () => same(await visible(page), ['Shared documents']));
  },
  'sharing with all the teachers': async (page, url) => {
    await open(page, url);
    await item(page, 'Teachers', '#groups').click();
    await waitFor(2, 'children ticked, Everyone partly', async () => (await ticked(page, 'Reception')) && (await ticked(page, 'Key stage 1')) && (await ticked(page, 'Key stage 2')) && (await partly(page, 'Everyone')) && !(await ticked(page, 'Everyone')));
    await waitFor(3, 'line', async () => (await shared(page)) === 'Shared with: Governors, Teachers');
  },
  'sharing with everyone except the office': async (page, url) => {
    await open(page, url);
    await item(page, 'Everyone', '#groups').click();
    const ALL = ['Everyone', 'Teachers', 'Reception', 'Key stage 1', 'Key stage 2', 'Office staff', 'Governors'];
    await waitFor(2, 'all ticked', async () => (await Promise.all(ALL.map((n) => ticked(page, n)))).every(Boolean) && (await shared(page)) === 'Shared with: Everyone');
    await item(page, 'Office staff', '#groups').click();
    await waitFor(4, 'partly, office unticked', async () => !(await ticked(page, 'Everyone')) && (await partly(page, 'Everyone')) && !(await ticked(page, 'Office staff')) && (await shared(page)) === 'Shared with: Governors, Teachers');
  },
};
