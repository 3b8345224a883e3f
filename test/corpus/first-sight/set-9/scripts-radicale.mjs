// Hand-written Playwright scripts for the Radicale plans of set 9 (checks read the web interface as shown).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { T, must, waitFor, txt } from '../kit.mjs';

const FILES = join(dirname(fileURLToPath(import.meta.url)), 'files');
const LOGIN = '#loginscene:not(.hidden)';
const LIST = '#collectionsscene:not(.hidden)';

async function open(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await page.locator(`${LOGIN} [data-name=user]`).waitFor();
}
async function signIn(page, url, account, step = 1) {
  await open(page, url);
  await page.locator(`${LOGIN} [data-name=user]`).fill(account.username);
  await page.locator(`${LOGIN} [data-name=password]`).fill(account.password);
  await page.locator(`${LOGIN} button[type=submit]`).click();
  await waitFor(step, 'the Collections page', async () => page.locator(`${LIST} article:not(.hidden)`).first().isVisible());
}
/** The collections as listed: title, type, description, url, colour (css colour of the block, '' when hidden). */
const collections = (page) => page.locator(`${LIST} article:not(.hidden)`).evaluateAll((as) => as.map((a) => {
  const q = (n) => a.querySelector(`[data-name=${n}]`);
  const types = [...a.querySelectorAll('h2 small span')].filter((s) => !s.classList.contains('hidden') && s.offsetParent !== null);
  const color = q('color');
  return {
    title: q('title').innerText.trim(),
    type: types.map((s) => s.innerText.trim()).join(''),
    description: q('description').innerText.trim(),
    url: q('url').innerText.trim(),
    color: color.classList.contains('hidden') || color.offsetParent === null ? '' : getComputedStyle(color).color,
  };
}));
const titles = async (page) => (await collections(page)).map((c) => c.title);
const entry = async (page, title) => (await collections(page)).find((c) => c.title === title);
const article = (page, title) => page.locator(`${LIST} article:not(.hidden)`, { has: page.locator('[data-name=title]', { hasText: new RegExp(`^${title}$`) }) });
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const FIVE = ['Club members', 'Committee journal', 'Sponsors', 'Weekend rides', 'Workshop rota'];
const scene = (page, id) => page.locator(`#${id}:not(.hidden)`);
async function upload(page, name) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator(`${LIST} [data-name=upload]`).click()]);
  await chooser.setFiles(join(FILES, name));
}

export const RADICALE = {
  'signing in as the club secretary': async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'Collections + Logout [marta]', async () => (await txt(scene(page, 'collectionsscene').locator('h1'))) === 'Collections' && (await txt(page.locator('#logoutview'))) === 'Logout [marta]');
    await waitFor(3, 'five in order', async () => same(await titles(page), FIVE));
  },
  'mistyped password keeps you on the login page': async (page, url, account) => {
    await open(page, url);
    await page.locator(`${LOGIN} [data-name=user]`).fill(account.username);
    await page.locator(`${LOGIN} [data-name=password]`).fill('spokes2027');
    await page.locator(`${LOGIN} button[type=submit]`).click();
    await waitFor(2, 'login form with a red error', async () => {
      const err = page.locator(`${LOGIN} [data-name=error]`);
      return (await err.isVisible()) && (await txt(err)).startsWith('Error:') && (await err.evaluate((e) => getComputedStyle(e).color)) === 'rgb(164, 0, 0)';
    });
    must(!(await page.locator(`${LIST}`).isVisible()) && !(await page.locator('#logoutview').isVisible()), 3, 'collections or logout visible');
  },
  'signing in with a name that has no account': async (page, url) => {
    await open(page, url);
    await page.locator(`${LOGIN} [data-name=user]`).fill('martha');
    await page.locator(`${LOGIN} [data-name=password]`).fill('Spokes-2027');
    await page.locator(`${LOGIN} button[type=submit]`).click();
    const err = page.locator(`${LOGIN} [data-name=error]`);
    await waitFor(2, 'an error message', async () => (await txt(err)) !== '');
    const said = await txt(err);
    must(/user ?name|password|incorrect|not correct|wrong|invalid/i.test(said), 2, `the only message is "${said}"`);
  },
  'what kind of collection each one is': async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'types', async () => {
      const t = Object.fromEntries((await collections(page)).map((c) => [c.title, c.type]));
      return t['Club members'] === 'addressbook' && t.Sponsors === 'addressbook' && t['Weekend rides'] === 'calendar' && t['Workshop rota'] === 'calendar and tasks' && t['Committee journal'] === 'journal';
    });
  },
  'colours and descriptions on the collection list': async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'blue block and description', async () => { const e = await entry(page, 'Weekend rides'); return e.color === 'rgb(21, 101, 192)' && e.description === 'Saturday and Sunday club rides'; });
    await waitFor(3, 'no block, no description', async () => { const e = await entry(page, 'Committee journal'); return e.color === '' && e.description === ''; });
  },
  'web address of the rides calendar': async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'url', async () => (await entry(page, 'Weekend rides')).url.endsWith('/marta/weekend-rides/'));
  },
  'a new calendar for the summer tour': async (page, url, account) => {
    await signIn(page, url, account);
    await page.locator(`${LIST} [data-name=new]`).click();
    const form = scene(page, 'createcollectionscene');
    await form.locator('[data-name=displayname]').fill('Summer tour 2027');
    await form.locator('[data-name=description]').fill('Ten days in the Pyrenees');
    await form.locator('[data-name=type]').selectOption({ label: 'calendar' });
    await form.locator('[data-name=submit]').click();
    await waitFor(3, 'listed', async () => {
      const t = await titles(page);
      const e = await entry(page, 'Summer tour 2027');
      return e && e.type === 'calendar' && e.description === 'Ten days in the Pyrenees' && t.indexOf('Summer tour 2027') === t.indexOf('Sponsors') + 1 && t.indexOf('Weekend rides') === t.indexOf('Summer tour 2027') + 1;
    });
  },
  'what the create form starts with': async (page, url, account) => {
    await signIn(page, url, account);
    await page.locator(`${LIST} [data-name=new]`).click();
    const form = scene(page, 'createcollectionscene');
    await waitFor(2, 'empty form, default type', async () => (await txt(form.locator('h1'))) === 'Create new collection' && (await form.locator('[data-name=displayname]').inputValue()) === ''
      && (await form.locator('[data-name=description]').inputValue()) === '' && (await form.locator('[data-name=type] option:checked').innerText()) === 'calendar, journal and tasks');
    await form.locator('[data-name=cancel]').click();
    await waitFor(4, 'five collections', async () => same(await titles(page), FIVE));
  },
  'renaming the workshop rota': async (page, url, account) => {
    await signIn(page, url, account);
    await article(page, 'Workshop rota').locator('[data-name=edit]').click();
    const form = scene(page, 'editcollectionscene');
    await waitFor(2, 'Edit Workshop rota:', async () => (await txt(form.locator('h2'))) === 'Edit Workshop rota:' && (await form.locator('[data-name=displayname]').inputValue()) === 'Workshop rota');
    await form.locator('[data-name=displayname]').fill('Workshop opening rota');
    await form.locator('[data-name=submit]').click();
    await waitFor(4, 'renamed, last', async () => { const c = await collections(page); const l = c[c.length - 1]; return l.title === 'Workshop opening rota' && l.type === 'calendar and tasks' && !c.some((x) => x.title === 'Workshop rota'); });
  },
  'type choices when editing a calendar': async (page, url, account) => {
    await signIn(page, url, account);
    await article(page, 'Weekend rides').locator('[data-name=edit]').click();
    const form = scene(page, 'editcollectionscene');
    await waitFor(2, 'calendar types only', async () => {
      const opts = (await form.locator('[data-name=type] option').allInnerTexts()).map((s) => s.trim()).sort();
      return same(opts, ['calendar', 'calendar and journal', 'calendar and tasks', 'calendar, journal and tasks']);
    });
    await form.locator('[data-name=type]').selectOption({ label: 'calendar and tasks' });
    await form.locator('[data-name=submit]').click();
    await waitFor(4, '[calendar and tasks]', async () => (await entry(page, 'Weekend rides'))?.type === 'calendar and tasks');
  },
  'clearing the sponsors description': async (page, url, account) => {
    await signIn(page, url, account);
    await article(page, 'Sponsors').locator('[data-name=edit]').click();
    const form = scene(page, 'editcollectionscene');
    await form.locator('[data-name=description]').fill('');
    await form.locator('[data-name=submit]').click();
    await waitFor(3, 'no description', async () => { const e = await entry(page, 'Sponsors'); return e && e.type === 'addressbook' && e.description === ''; });
  },
  'deleting the committee journal': async (page, url, account) => {
    await signIn(page, url, account);
    await article(page, 'Committee journal').locator('[data-name=delete]').click();
    const conf = scene(page, 'deletecollectionscene');
    await waitFor(2, 'Delete Committee journal?', async () => (await txt(conf.locator('h2'))) === 'Delete Committee journal?'
      && (await conf.locator('[data-name=delete]').innerText()) === 'Yes' && (await conf.locator('[data-name=cancel]').innerText()) === 'No');
    await conf.locator('[data-name=delete]').click();
    await waitFor(4, 'four left', async () => same(await titles(page), ['Club members', 'Sponsors', 'Weekend rides', 'Workshop rota']));
  },
  'changing your mind about deleting the sponsors': async (page, url, account) => {
    await signIn(page, url, account);
    await article(page, 'Sponsors').locator('[data-name=delete]').click();
    await scene(page, 'deletecollectionscene').locator('[data-name=cancel]').click();
    await waitFor(2, 'still five', async () => same(await titles(page), FIVE) && (await entry(page, 'Sponsors')).description === 'Local businesses that sponsor the club kit');
  },
  'another member sees only his own calendar': async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'only Race calendar', async () => {
      const c = await collections(page);
      return (await txt(page.locator('#logoutview'))) === 'Logout [tomas]' && c.length === 1 && c[0].title === 'Race calendar' && c[0].type === 'calendar' && c[0].description === 'Open races the club enters';
    });
    await page.locator('#logoutview a').click();
    await waitFor(4, 'empty login form', async () => (await page.locator(`${LOGIN} [data-name=user]`).isVisible()) && (await page.locator(`${LOGIN} [data-name=user]`).inputValue()) === ''
      && (await page.locator(`${LOGIN} [data-name=password]`).inputValue()) === '');
  },
  'importing the time-trial calendar': async (page, url, account) => {
    await signIn(page, url, account);
    await upload(page, 'time-trials.ics');
    await waitFor(3, 'Time trials 2027 listed', async () => {
      const t = await titles(page);
      const e = await entry(page, 'Time trials 2027');
      return !!e && e.description === 'Club 10-mile time trials on the Ridgeway course' && t.indexOf('Time trials 2027') === t.indexOf('Sponsors') + 1 && t.indexOf('Weekend rides') === t.indexOf('Time trials 2027') + 1;
    });
  },
  "importing the new members' contact cards": async (page, url, account) => {
    await signIn(page, url, account);
    await upload(page, 'new-members.vcf');
    // wait until the upload has finished and the list has six entries, then read the new one's title
    await waitFor(3, 'a sixth collection', async () => (await collections(page)).length === 6, 15_000);
    const added = (await collections(page)).find((c) => !FIVE.includes(c.title));
    must(added.type === 'addressbook' && /new-members/.test(added.title), 3, `the new address book is titled "${added.title}" [${added.type}], not after the file`);
  },
  "backing out of the edit form with the browser's Back button": async (page, url, account) => {
    await signIn(page, url, account);
    await article(page, 'Sponsors').locator('[data-name=edit]').click();
    await waitFor(2, 'Edit Sponsors:', async () => (await txt(scene(page, 'editcollectionscene').locator('h2'))) === 'Edit Sponsors:');
    await page.goBack().catch(() => {});
    await waitFor(4, 'the Collections list again', async () => {
      const where = page.url();
      if (!(await page.locator(LIST).isVisible().catch(() => false))) return `not on the Collections list; the tab shows ${where}`;
      return same(await titles(page), FIVE);
    }, 5000);
  },
  'uploading a spreadsheet by mistake': async (page, url, account) => {
    await signIn(page, url, account);
    await upload(page, 'subscriptions.csv');
    const up = scene(page, 'uploadcollectionscene');
    await waitFor(2, 'upload page with a red error', async () => {
      const item = up.locator('li:not(.hidden)').first();
      const err = item.locator('[data-name=error]');
      return (await txt(up.locator('h1'))) === 'Upload collection' && (await txt(item)).startsWith('Upload subscriptions.csv:')
        && (await err.isVisible()) && (await txt(err)).startsWith('Error:') && (await up.locator('[data-name=close]').isVisible());
    });
    await up.locator('[data-name=close]').click();
    await waitFor(4, 'same five', async () => same(await titles(page), FIVE));
  },
};
