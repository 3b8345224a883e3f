// Hand-written Playwright scripts for the ZNC plans of set 10 (checks read the webadmin pages as shown).
import { T, must, waitFor, txt } from '../kit.mjs';

const WEBADMIN = 'mods/global/webadmin/';

async function open(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await page.locator('#user').waitFor();
}
async function login(page, user, pass) {
  await page.locator('#user').fill(user);
  await page.locator('#pass').fill(pass);
  await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value=Login]').click()]);
}
async function signIn(page, url, account, step = 1) {
  await open(page, url);
  await login(page, account.username, account.password);
  await waitFor(step, `logged in as ${account.username}`, async () => (await txt(page.locator('#infobar'))).startsWith(`Logged in as: ${account.username}`));
}
const menu = async (page) => (await page.locator('#menu li.topitem > a, #menu li > a').allInnerTexts()).map((s) => s.trim());
const clickMenu = (page, name) => Promise.all([page.waitForLoadState(), page.locator('#menu a', { hasText: new RegExp(`^${name}$`) }).click()]);
const go = (page, url, path) => page.goto(url + path);
const row = (page, cell) => page.locator('#content tr', { has: page.locator('td', { hasText: new RegExp(`^${cell.replace(/[#]/g, '\\$&')}$`) }) });
/** The rows of the first table under a section heading, as arrays of cell texts. */
const tableRows = (page, heading) => page.locator('#content').evaluate((c, h) => {
  const sec = [...c.querySelectorAll('.section, .subsection, fieldset, table')].find((s) => s.matches('.section') && s.querySelector('h3')?.textContent.trim() === h);
  const table = sec?.querySelector('table');
  if (!table) return null;
  return [...table.querySelectorAll('tbody tr, tr')].filter((r) => r.querySelector('td')).map((r) => [...r.querySelectorAll('td')].map((td) => td.innerText.replace(/\s+/g, ' ').trim()));
}, heading);
const users = async (page) => (await page.locator('#content table tbody tr').evaluateAll((rs) => rs.filter((r) => r.querySelector('td')).map((r) => [...r.querySelectorAll('td')].map((td) => td.innerText.replace(/\s+/g, ' ').trim()))));
const userNames = async (page) => (await users(page)).map((r) => r[1]);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
async function editNetwork(page, network) {
  await clickMenu(page, 'Your Settings');
  await Promise.all([page.waitForLoadState(), row(page, network).locator('a', { hasText: 'Edit' }).click()]);
}
const breadcrumb = async (page) => txt(page.locator('#breadcrumb'));

export const ZNC = {
  "signing in as the club's bouncer admin": async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'Logged in as: nadia + Logout', async () => (await txt(page.locator('#infobar'))) === 'Logged in as: nadia Logout');
    await waitFor(3, 'menu', async () => { const m = await menu(page); return ['Global Settings', 'Your Settings', 'Traffic Info', 'Manage Users'].every((x) => m.includes(x)); });
    must((await page.title()) === 'ZNC - Web Frontend', 4, `title is "${await page.title()}"`);
  },
  'a wrong password is turned away': async (page, url) => {
    await open(page, url);
    await login(page, 'nadia', 'harbour-lights7');
    await waitFor(2, 'Invalid login! + Not logged in', async () => (await txt(page.locator('body'))).includes('Invalid login!') && (await txt(page.locator('#infobar'))).startsWith('Not logged in'));
    const m = await menu(page);
    must(!m.includes('Manage Users') && !m.includes('Your Settings'), 3, `menu: ${m}`);
  },
  'who has an account on the bouncer': async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Manage Users');
    await waitFor(2, 'three users in order', async () => same(await userNames(page), ['ben', 'lucia', 'nadia']));
    await waitFor(3, 'network counts', async () => same((await users(page)).map((r) => r[2]), ['1', '0', '2']));
    const links = (await users(page)).map((r) => r[0]);
    must(links[2] === '[Edit] [Clone]' && links[0] === '[Edit] [Clone] [Delete]' && links[1] === '[Edit] [Clone] [Delete]', 4, `links: ${links}`);
  },
  'adding an account for the new treasurer': async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Manage Users');
    await Promise.all([page.waitForLoadState(), page.locator('#content a', { hasText: 'Add' }).first().click()]);
    await page.locator('input[name=user]').fill('maria');
    await page.locator('input[name=password]').fill('Jib-sheet5');
    await page.locator('input[name=password2]').fill('Jib-sheet5');
    await page.locator('input[name=realname]').fill('Maria Lopes');
    await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value="Create and return"]').click()]);
    await waitFor(4, 'four users, maria with 0', async () => { const u = await users(page); return same(u.map((r) => r[1]), ['ben', 'lucia', 'maria', 'nadia']) && u[2][2] === '0'; });
  },
  'typing two different passwords for a new user': async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Manage Users');
    await Promise.all([page.waitForLoadState(), page.locator('#content a', { hasText: 'Add' }).first().click()]);
    await page.locator('input[name=user]').waitFor();
    await page.locator('input[name=user]').fill('maria');
    await page.locator('input[name=password]').fill('Jib-sheet5');
    await page.locator('input[name=password2]').fill('Jib-sheet6');
    await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value="Create and return"]').click()]);
    await waitFor(3, 'the Add User form again with maria and a passwords message', async () => {
      const form = page.locator('input[name=user]');
      const body = await txt(page.locator('#content'));
      if (!(await form.count())) return `no form; the page says: ${body}`;
      return (await form.inputValue()) === 'maria' && /passwords do not match/i.test(body);
    }, 3000);
  },
  'a user name that is already taken': async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Manage Users');
    await Promise.all([page.waitForLoadState(), page.locator('#content a', { hasText: 'Add' }).first().click()]);
    await page.locator('input[name=user]').fill('ben');
    await page.locator('input[name=password]').fill('Reef-knot1');
    await page.locator('input[name=password2]').fill('Reef-knot1');
    await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value="Create and return"]').click()]);
    await waitFor(3, 'already exists', async () => (await txt(page.locator('#content'))).includes('Invalid Submission: User ben already exists'));
    await clickMenu(page, 'Manage Users');
    await waitFor(5, 'three users', async () => same(await userNames(page), ['ben', 'lucia', 'nadia']));
  },
  "removing Lucia's account": async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Manage Users');
    await Promise.all([page.waitForLoadState(), row(page, 'lucia').locator('a', { hasText: 'Delete' }).click()]);
    await waitFor(2, 'confirm page', async () => { const t = await txt(page.locator('#content')); return t.includes('Confirm User Deletion') && t.includes('Are you sure you want to delete user “lucia”?'); });
    await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value=Yes]').click()]);
    await waitFor(4, 'ben and nadia', async () => same(await userNames(page), ['ben', 'nadia']));
  },
  'changing your mind about deleting a user': async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Manage Users');
    await Promise.all([page.waitForLoadState(), row(page, 'ben').locator('a', { hasText: 'Delete' }).click()]);
    await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value=No]').click()]);
    await waitFor(3, 'Manage Users with all three', async () => (await breadcrumb(page)).endsWith('Manage Users') && same(await userNames(page), ['ben', 'lucia', 'nadia']));
  },
  'channels on the libera network': async (page, url, account) => {
    await signIn(page, url, account);
    await editNetwork(page, 'libera');
    const chans = async () => (await tableRows(page, 'Channels')).filter((r) => r.length > 3);
    await waitFor(3, 'three channels in order', async () => same((await chans()).map((r) => r[2]), ['#dinghy-racing', '#harbour-committee', '#harbour-sailing']));
    await waitFor(4, 'only committee detached', async () => same((await chans()).map((r) => r[6].includes('Detached')), [false, true, false]));
  },
  'where you are when editing a network': async (page, url, account) => {
    await signIn(page, url, account);
    await editNetwork(page, 'libera');
    await waitFor(3, 'breadcrumb user » network', async () => { const b = await breadcrumb(page); return b === 'ZNC » webadmin » Edit User [nadia] » Edit Network [libera]' || b; }, 3000);
    must((await page.title()) === 'ZNC - Edit Network [libera] of User [nadia]', 4, `title "${await page.title()}"`);
  },
  "the committee channel's settings": async (page, url, account) => {
    await signIn(page, url, account);
    await editNetwork(page, 'libera');
    await Promise.all([page.waitForLoadState(), row(page, '#harbour-committee').locator('a', { hasText: 'Edit' }).click()]);
    await waitFor(3, 'key and buffer', async () => (await page.locator('input[name=key]').inputValue()) === 'mainsheet' && (await page.locator('input[name=buffersize]').inputValue()) === '200');
    for (const n of ['save', 'autoclearchanbuffer', 'detached', 'enabled']) must(await page.locator(`input[name=${n}]`).isChecked(), 4, `${n} not ticked`);
  },
  'Ben adds the regatta results channel': async (page, url, account) => {
    await signIn(page, url, account);
    await editNetwork(page, 'libera');
    await Promise.all([page.waitForLoadState(), page.locator('#content a[href*="addchan"]').click()]);
    await page.locator('input[name=name]').fill('#regatta-results');
    await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value="Add Channel and return"]').click()]);
    await waitFor(4, 'two channels, 50 (default)', async () => {
      const r = (await tableRows(page, 'Channels')).filter((x) => x.length > 3);
      return same(r.map((x) => x[2]), ['#harbour-sailing', '#regatta-results']) && r.every((x) => x[5] === '50 (default)');
    });
  },
  'Ben is not an administrator': async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'menu without admin pages', async () => { const m = await menu(page); return m.includes('Your Settings') && m.includes('Traffic Info') && !m.includes('Manage Users') && !m.includes('Global Settings'); });
    await go(page, url, `${WEBADMIN}listusers`);
    await waitFor(4, 'Forbidden', async () => (await txt(page.locator('body'))).includes('Forbidden') && !(await page.locator('td', { hasText: /^lucia$/ }).count()));
  },
  'changing the message of the day': async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Global Settings');
    await waitFor(2, 'MOTD', async () => (await page.locator('textarea[name=motd]').inputValue()).trim() === 'Welcome aboard the Harbour Sailing Club bouncer');
    await page.locator('textarea[name=motd]').fill('Regatta on Saturday, launch at 10:00');
    await Promise.all([page.waitForLoadState(), page.locator('form[action$="settings"] input[type=submit][value=Save]').click()]);
    await page.reload();
    await waitFor(4, 'new MOTD', async () => (await page.locator('textarea[name=motd]').inputValue()).trim() === 'Regatta on Saturday, launch at 10:00');
  },
  'traffic totals': async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Traffic Info');
    const cells = async () => page.locator('#content table').first().evaluate((t) => Object.fromEntries([...t.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => c.innerText.trim())).filter((r) => r.length === 2)));
    await waitFor(2, 'totals', async () => { const c = await cells(); return c['Total Users'] === '3' && c['Total Networks'] === '3' && c['Total IRC Connections'] === '0'; });
    const rows = await page.locator('#content table').last().evaluate((t) => [...t.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.innerText.trim())).filter((r) => r.length));
    const i = rows.findIndex((r) => r[0] === 'nadia');
    must(i >= 0 && rows[i + 1]?.[1] === 'libera' && rows[i + 2]?.[1] === 'oftc', 3, `rows: ${JSON.stringify(rows)}`);
  },
  "Nadia's own settings": async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Your Settings');
    await waitFor(2, 'fields', async () => (await page.locator('input[name=realname]').inputValue()) === 'Nadia Okafor' && (await page.locator('input[name=quitmsg]').inputValue()) === 'Fair winds' && (await page.locator('input[name=timezone]').inputValue()) === 'Europe/London');
    must(await page.locator('input[name=isadmin]').isChecked(), 3, 'Admin not ticked');
    const nets = (await tableRows(page, 'Networks')).filter((r) => r.length > 3).map((r) => `${r[1]} ${r[3]}`);
    must(same(nets, ['libera irc.libera.chat:+6697', 'oftc irc.oftc.net:+6697']), 4, `networks: ${nets}`);
  },
  "cloning Ben's settings for a new crew member": async (page, url, account) => {
    await signIn(page, url, account);
    await clickMenu(page, 'Manage Users');
    await Promise.all([page.waitForLoadState(), row(page, 'ben').locator('a', { hasText: 'Clone' }).click()]);
    await waitFor(2, 'Clone User [ben], Ben Carver', async () => (await breadcrumb(page)).endsWith('Clone User [ben]') && (await page.locator('input[name=realname]').inputValue()) === 'Ben Carver');
    await page.locator('input[name=user]').fill('sam');
    await page.locator('input[name=password]').fill('Cleat-hitch8');
    await page.locator('input[name=password2]').fill('Cleat-hitch8');
    await page.locator('input[name=realname]').fill('Sam Whitby');
    await Promise.all([page.waitForLoadState(), page.locator('input[type=submit][value="Clone and return"]').click()]);
    await waitFor(4, 'four users with sam', async () => { const u = await users(page); return same(u.map((r) => r[1]), ['ben', 'lucia', 'nadia', 'sam']) && u[3][2] === '1'; });
  },
  'signing out': async (page, url, account) => {
    await signIn(page, url, account);
    await Promise.all([page.waitForLoadState(), page.locator('#infobar a', { hasText: 'Logout' }).click()]);
    await waitFor(2, 'not logged in, empty boxes', async () => (await txt(page.locator('#infobar'))).startsWith('Not logged in') && (await page.locator('#user').inputValue()) === '' && (await page.locator('#pass').inputValue()) === '');
    await waitFor(3, 'only Home', async () => same(await menu(page), ['Home']));
  },
};
