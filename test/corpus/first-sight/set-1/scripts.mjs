// Hand-written Playwright scripts for first-sight set 1: one per plan, same steps, written with full
// knowledge of the markup. A failing plan's script throws `step N: …` at the step that shows the defect.
const T = 10_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns true; anything else it returns (or throws) is what was seen. */
async function until(step, expected, fn, ms = T) {
  const end = Date.now() + ms;
  let seen;
  for (;;) {
    try {
      const r = await fn();
      if (r === true) return;
      seen = r;
    } catch (e) {
      seen = String(e?.message ?? e).split('\n')[0];
    }
    if (Date.now() > end) throw new Error(`step ${step}: expected ${expected}; saw ${typeof seen === 'string' ? seen : JSON.stringify(seen)}`.slice(0, 500));
    await sleep(150);
  }
}
const eq = (a, b) => (a === b ? true : a);

// ------------------------------------------------------------------ maildev

const md = {
  async open(page, url) {
    page.setDefaultTimeout(T);
    await page.goto(url);
    await page.getByTestId('email-list-item').first().waitFor();
  },
  subjects: (page) => page.locator('[data-testid=email-list-item] div.flex.items-center.gap-1 > span.truncate').allInnerTexts(),
  count: async (page) => (await page.getByTestId('email-count').innerText()).replace(/\s+/g, ' ').trim(),
  item: (page, subject) => page.getByTestId('email-list-item').filter({ hasText: subject }),
  viewer: (page) => page.getByTestId('email-viewer'),
  tab: (page, name) => page.getByTestId('email-viewer').getByRole('button', { name, exact: true }),
  selected: async (loc) => /border-\[hsl\(var\(--primary\)\)\]/.test(await loc.getAttribute('class')),
  body: (page) => page.getByTestId('email-viewer').locator('pre').first(),
};

const MAILDEV = {
  'Inbox shows the seeded mails newest first': async (page, url) => {
    await md.open(page, url);
    await until(2, '4 emails in the list', async () => eq((await md.subjects(page)).length, 4));
    await until(3, 'Lunch first, invoice last', async () => { const s = await md.subjects(page); return s[0] === 'Lunch on Friday?' && s[3] === 'Your invoice #1042 is ready' ? true : s; });
    await until(4, 'digest above password reset', async () => { const s = await md.subjects(page); return s.indexOf('Weekly digest: 3 new comments') < s.indexOf('Password reset request') && s.indexOf('Weekly digest: 3 new comments') >= 0 ? true : s; });
  },
  'Unread counter and tab title': async (page, url) => {
    await md.open(page, url);
    await until(2, '"4 emails • 4 unread"', async () => eq(await md.count(page), '4 emails • 4 unread'));
    await until(3, 'title "(4) MailDev"', async () => eq(await page.title(), '(4) MailDev'));
    await until(4, 'all items bold/unread', async () => { const w = await page.getByTestId('email-list-item').evaluateAll((els) => els.map((e) => `${e.dataset.read}:${getComputedStyle(e).fontWeight}`)); return w.length === 4 && w.every((x) => x === 'false:500' || x === 'false:600' || x === 'false:700') ? true : w; });
  },
  'Reading a plain-text email': async (page, url) => {
    await md.open(page, url);
    await md.item(page, 'Your invoice #1042 is ready').click();
    await until(2, 'subject heading', async () => eq((await page.getByTestId('email-subject').innerText()).trim(), 'Your invoice #1042 is ready'));
    await until(3, 'from Billing Team, to alice', async () => { const t = await md.viewer(page).innerText(); return t.includes('from Billing Team <billing@acme.test>') && t.includes('to alice@example.test') ? true : t.slice(0, 200); });
    await until(4, 'body with total due', async () => ((await md.body(page).innerText()).includes('Total due: $49.00') ? true : 'no total'));
    await until(5, 'URL #/email/<id>', async () => (/#\/email\/[a-z0-9]+$/.test(page.url()) ? true : page.url()));
  },
  'HTML email shows cc and the rendered body': async (page, url) => {
    await md.open(page, url);
    await md.item(page, 'Weekly digest').click();
    await until(3, 'cc carol@example.test', async () => ((await md.viewer(page).innerText()).includes('cc carol@example.test') ? true : 'no cc'));
    const frame = page.frameLocator('[data-testid=email-viewer] iframe');
    await until(4, 'heading and 3 bullets', async () => { const h = await frame.locator('h1').innerText(); const n = await frame.locator('li').count(); return h === 'Your weekly digest' && n === 3 && (await md.selected(md.tab(page, 'HTML'))) ? true : [h, n]; });
    await until(5, 'last bullet "See you at the meetup"', async () => eq(await frame.locator('li').last().innerText(), 'See you at the meetup'));
    await md.tab(page, 'Plain Text').click();
    await until(7, 'plain text, no list', async () => { const t = await md.body(page).innerText(); return t.includes('There are 3 new comments on your posts.') && (await page.locator('[data-testid=email-viewer] iframe').count()) === 0 ? true : t; });
  },
  'Plain-text only email has no HTML view': async (page, url) => {
    await md.open(page, url);
    await md.item(page, 'Lunch on Friday?').click();
    await until(2, 'from Carol to team', async () => { const t = await md.viewer(page).innerText(); return t.includes('from Carol Danvers <carol@example.test>') && t.includes('to team@example.test') ? true : t.slice(0, 200); });
    await until(3, 'HTML disabled, Plain Text selected', async () => ((await md.tab(page, 'HTML').isDisabled()) && (await md.selected(md.tab(page, 'Plain Text'))) ? true : 'not so'));
    await until(4, 'body text', async () => ((await md.body(page).innerText()).includes('Pizza or sushi on Friday? Reply by Thursday noon.') ? true : await md.body(page).innerText()));
  },
  'Reading an email marks it as read': async (page, url) => {
    await md.open(page, url);
    await until(2, '4 unread', async () => ((await md.count(page)).endsWith('4 unread') ? true : await md.count(page)));
    await md.item(page, 'Password reset request').click();
    await until(4, '3 unread and title (3) MailDev', async () => ((await md.count(page)).endsWith('3 unread') && (await page.title()) === '(3) MailDev' ? true : [await md.count(page), await page.title()]));
    await until(5, 'code 739154', async () => ((await md.body(page).innerText()).includes('739154') ? true : 'no code'));
  },
  'Search by recipient': async (page, url) => {
    await md.open(page, url);
    await page.getByPlaceholder('Search emails...').fill('alice');
    await until(2, 'digest and invoice only', async () => { const s = await md.subjects(page); return s.length === 2 && s.includes('Weekly digest: 3 new comments') && s.includes('Your invoice #1042 is ready') ? true : s; });
    await until(3, '"2 of 4 emails"', async () => ((await md.count(page)).startsWith('2 of 4 emails') ? true : await md.count(page)));
    await until(4, 'no Lunch', async () => ((await md.subjects(page)).includes('Lunch on Friday?') ? 'Lunch listed' : true));
    await page.getByRole('button', { name: /Clear search/ }).click();
    await until(6, '4 emails, empty box', async () => ((await md.subjects(page)).length === 4 && (await page.getByPlaceholder('Search emails...').inputValue()) === '' ? true : await md.subjects(page)));
  },
  'Search matches message body text': async (page, url) => {
    await md.open(page, url);
    await page.getByPlaceholder('Search emails...').fill('739154');
    await until(2, 'only Password reset request', async () => { const s = await md.subjects(page); return s.length === 1 && s[0] === 'Password reset request' ? true : s; });
    await page.getByPlaceholder('Search emails...').fill('quarterly report');
    await until(4, 'empty list with message', async () => ((await md.subjects(page)).length === 0 && (await page.getByTestId('sidebar').innerText()).includes('No emails match "quarterly report"') ? true : await page.getByTestId('sidebar').innerText()));
    await until(5, '0 of 4 emails', async () => ((await md.count(page)).startsWith('0 of 4 emails') ? true : await md.count(page)));
  },
  'Mark all as read': async (page, url) => {
    await md.open(page, url);
    await until(2, '4 unread', async () => ((await md.count(page)).endsWith('4 unread') ? true : await md.count(page)));
    await page.getByTestId('mark-all-read-button').click();
    await until(4, 'just "4 emails"', async () => eq(await md.count(page), '4 emails'));
    await until(5, 'title MailDev', async () => eq(await page.title(), 'MailDev'));
  },
  'Delete all needs a confirmation click': async (page, url) => {
    await md.open(page, url);
    const btn = page.getByTestId('delete-all-button');
    await btn.click();
    await until(3, 'Confirm shown, 4 emails left', async () => { const c = btn.locator('span', { hasText: 'Confirm' }); return (await c.evaluate((e) => getComputedStyle(e).opacity)) === '1' && (await md.subjects(page)).length === 4 ? true : 'no confirm'; });
    await btn.click();
    await until(5, 'No emails yet', async () => ((await page.getByTestId('sidebar').innerText()).includes('No emails yet') ? true : await page.getByTestId('sidebar').innerText()));
    await until(6, 'empty list', async () => eq((await md.subjects(page)).length, 0));
  },
  'Delete a single email': async (page, url) => {
    await md.open(page, url);
    await md.item(page, 'Password reset request').click();
    await page.getByTestId('email-subject').filter({ hasText: 'Password reset request' }).waitFor();
    await page.getByTestId('delete-email-button').click();
    await until(3, 'Select an email to view', async () => ((await page.getByTestId('email-viewer-pane').innerText()).includes('Select an email to view') ? true : 'still showing a mail'));
    await until(4, '3 emails without password reset', async () => { const s = await md.subjects(page); return s.length === 3 && !s.includes('Password reset request') ? true : s; });
    await until(5, 'URL ends in #/', async () => (page.url().endsWith('#/') ? true : page.url()));
  },
  'Unread count after deleting a read email': async (page, url) => {
    await md.open(page, url);
    await md.item(page, 'Lunch on Friday?').click();
    await until(3, '3 unread', async () => ((await md.count(page)).endsWith('3 unread') ? true : await md.count(page)));
    await page.getByTestId('delete-email-button').click();
    await until(5, '"3 emails • 3 unread"', async () => eq(await md.count(page), '3 emails • 3 unread'), 4000);
  },
  'Source view shows the raw message': async (page, url) => {
    await md.open(page, url);
    await md.item(page, 'Your invoice #1042 is ready').click();
    await md.tab(page, 'Source').click();
    await until(3, 'source starting with From:', async () => ((await md.body(page).innerText()).startsWith('From: Billing Team <billing@acme.test>') ? true : (await md.body(page).innerText()).slice(0, 80)));
    await until(4, 'Content-Type line', async () => ((await md.body(page).innerText()).includes('Content-Type: text/plain; charset=utf-8') ? true : 'missing'));
    await until(5, 'Source tab active', async () => ((await md.selected(md.tab(page, 'Source'))) ? true : 'not active'));
  },
  'Headers tab lists the message\'s headers': async (page, url) => {
    await md.open(page, url);
    await md.item(page, 'Your invoice #1042 is ready').click();
    await md.tab(page, 'Headers').click();
    const rows = () => md.viewer(page).locator('tr').allInnerTexts();
    await until(3, 'subject header row', async () => ((await rows()).some((r) => /^subject\s+Your invoice #1042 is ready$/.test(r.trim())) ? true : await rows()));
    await until(4, 'a from header with Billing Team <billing@acme.test>', async () => ((await rows()).some((r) => /^from\s+.*billing@acme\.test/i.test(r.trim())) ? true : `only these headers: ${(await rows()).map((r) => r.split('\t')[0]).join(', ')}`), 3000);
  },
  'Dark mode toggle': async (page, url) => {
    await md.open(page, url);
    const t = page.getByTestId('theme-toggle');
    await until(2, 'Switch to dark mode', async () => eq(await t.getAttribute('aria-label'), 'Switch to dark mode'));
    await t.click();
    await until(4, 'dark theme', async () => ((await page.evaluate(() => document.documentElement.classList.contains('dark'))) && (await t.getAttribute('aria-label')) === 'Switch to light mode' ? true : 'not dark'));
    await t.click();
    await until(6, 'light theme', async () => ((await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'still dark' : true));
  },
  'Collapse and restore the sidebar': async (page, url) => {
    await md.open(page, url);
    await page.getByTestId('toggle-sidebar-button').click();
    await until(3, 'sidebar hidden', async () => { const w = (await page.getByTestId('sidebar-container').boundingBox())?.width ?? 0; return w < 2 && (await page.getByTestId('email-viewer-pane').innerText()).includes('Select an email to view') ? true : `width ${w}`; });
    await page.getByTestId('toggle-sidebar-button').click();
    await until(5, 'sidebar back with 4 emails', async () => { const w = (await page.getByTestId('sidebar-container').boundingBox())?.width ?? 0; return w > 200 && (await md.subjects(page)).length === 4 ? true : `width ${w}`; });
  },
  'Settings menu': async (page, url) => {
    await md.open(page, url);
    await page.getByTestId('settings-button').click();
    const menu = page.getByTestId('settings-menu');
    await until(2, 'three switches', async () => eq((await menu.locator('button').allInnerTexts()).map((s) => s.trim()).join('|'), 'Browser notifications|Auto-show new mail|Show loading bar'));
    const on = async (id) => /bg-blue-600/.test(await page.getByTestId(id).locator('div.rounded-full').first().getAttribute('class'));
    await until(3, 'only loading bar on', async () => ((await on('loading-bar-toggle')) && !(await on('notifications-toggle')) && !(await on('auto-show-new-mail-toggle')) ? true : 'other states'));
    await page.mouse.click(800, 600);
    await until(5, 'menu closed', async () => eq(await menu.count(), 0));
  },
};


// ------------------------------------------------------------------ dokuwiki

const dw = {
  async open(page, url, id) {
    page.setDefaultTimeout(T);
    await page.goto(id ? `${url}?id=${id}` : url);
  },
  content: (page) => page.locator('#dokuwiki__content'),
  text: async (page) => (await page.locator('#dokuwiki__content').innerText()).replace(/\s+/g, ' '),
  usertools: async (page) => (await page.locator('#dokuwiki__usertools').innerText()).replace(/\s+/g, ' '),
  async login(page, url, account, password = account.password) {
    await page.goto(`${url}?do=login`);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(password);
    await page.locator('#dw__login').getByRole('button', { name: 'Log In' }).click();
    await page.waitForLoadState();
  },
  async edit(page, url, id, change) {
    await page.goto(`${url}?id=${id}&do=edit`);
    const ta = page.locator('#wiki__text');
    await ta.waitFor();
    await ta.fill(change(await ta.inputValue()));
  },
  async save(page, summary) {
    if (summary !== undefined) await page.locator('#edit__summary').fill(summary);
    await Promise.all([page.waitForURL((u) => !/do=edit/.test(u.href) && !u.href.endsWith('/doku.php')), page.locator('#edbtn__save').click()]).catch(async () => page.waitForLoadState());
    await page.locator('#wiki__text').waitFor({ state: 'detached' });
  },
};

const DOKUWIKI = {
  'Start page content': async (page, url) => {
    await dw.open(page, url);
    await until(2, 'title "start [Team Wiki]"', async () => eq(await page.title(), 'start [Team Wiki]'));
    await until(3, 'h1 Welcome to the Team Wiki', async () => eq((await dw.content(page).locator('h1').innerText()).trim(), 'Welcome to the Team Wiki'));
    await until(4, 'three quick links', async () => eq((await dw.content(page).locator('h2:has-text("Quick links") + div li a').allInnerTexts()).join('|'), 'Team Handbook|On-call rota|Formatting syntax'));
  },
  'Handbook table of contents and breadcrumbs': async (page, url) => {
    await dw.open(page, url);
    await dw.content(page).locator('p').getByRole('link', { name: 'Team Handbook' }).click();
    await page.waitForURL(/team:handbook/);
    await until(2, 'TOC Working hours, Tools, Holidays', async () => eq((await page.locator('#dw__toc li.level2').allInnerTexts()).map((s) => s.trim()).join('|'), 'Working hours|Tools|Holidays'));
    await until(3, 'trace start • handbook', async () => { const t = (await page.locator('.breadcrumbs .trace').innerText()).replace(/\s+/g, ' '); return /start\s*•\s*handbook$/.test(t.trim()) ? true : t; });
    await page.locator('#dw__toc').getByRole('link', { name: 'Holidays' }).click();
    await until(5, 'URL ends #holidays', async () => (page.url().endsWith('#holidays') ? true : page.url()));
  },
  'Tools table in the handbook': async (page, url) => {
    await dw.open(page, url, 'team:handbook');
    const table = dw.content(page).locator('table.inline');
    await until(2, 'columns and 3 rows', async () => ((await table.locator('thead th').allInnerTexts()).map((s) => s.trim()).join('|') === 'Tool|Purpose|Owner' && (await table.locator('tbody tr').count()) === 3 ? true : 'other table'));
    await until(3, 'Grafana owned by Marco', async () => eq((await table.locator('tbody tr', { hasText: 'Grafana' }).locator('td').nth(2).innerText()).trim(), 'Marco'));
    await until(4, 'last row PagerDuty/Alerting', async () => eq((await table.locator('tbody tr').last().locator('td').allInnerTexts()).map((s) => s.trim()).slice(0, 2).join('|'), 'PagerDuty|Alerting'));
  },
  'Anonymous visitors cannot edit': async (page, url) => {
    await dw.open(page, url, 'team:oncall');
    await until(2, 'Priya, Marco, Lena', async () => eq((await dw.content(page).locator('ol li').allInnerTexts()).map((s) => s.trim()).join('|'), 'Week 1: Priya|Week 2: Marco|Week 3: Lena'));
    await until(3, 'no edit buttons', async () => ((await page.locator('.btn_secedit').count()) === 0 && (await page.getByRole('link', { name: 'Edit this page' }).count()) === 0 ? true : 'edit buttons present'));
    await until(4, 'Register and Log In', async () => { const t = await dw.usertools(page); return t.includes('Register') && t.includes('Log In') ? true : t; });
  },
  'Wrong password is rejected': async (page, url, account) => {
    await dw.open(page, url);
    await page.locator('#dokuwiki__usertools').getByRole('link', { name: 'Log In' }).click();
    await until(2, 'login form', async () => ((await page.getByLabel('Username').isVisible()) && (await page.getByLabel('Password').isVisible()) ? true : 'no form'));
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill('letmein');
    await page.locator('#dw__login').getByRole('button', { name: 'Log In' }).click();
    await until(4, 'error message', async () => ((await page.locator('.error').allInnerTexts()).join(' ').includes('Sorry, username or password was wrong.') ? true : 'no error'));
    await until(5, 'still logged out', async () => { const t = await dw.usertools(page); return t.includes('Log In') && !t.includes('Logged in as') ? true : t; });
  },
  'Log in and log out': async (page, url, account) => {
    await dw.open(page, url);
    await dw.login(page, url, account);
    await until(2, 'Logged in as: Test User (tester)', async () => ((await dw.usertools(page)).includes('Logged in as: Test User (tester)') ? true : await dw.usertools(page)));
    await until(3, 'Admin, Log Out, no Log In', async () => { const t = await dw.usertools(page); return t.includes('Admin') && t.includes('Log Out') && !t.includes('Log In') ? true : t; });
    await page.locator('#dokuwiki__usertools').getByRole('link', { name: 'Log Out' }).click();
    await until(5, 'Log In again', async () => { const t = await dw.usertools(page); return t.includes('Log In') && !t.includes('Logged in as') ? true : t; });
  },
  'Edit a page and save': async (page, url, account) => {
    await dw.login(page, url, account);
    await dw.open(page, url, 'team:oncall');
    await page.locator('#dokuwiki__pagetools').getByRole('link', { name: 'Edit this page' }).click();
    const ta = page.locator('#wiki__text');
    await ta.fill(`${(await ta.inputValue()).trimEnd()}\n  - Week 4: Tomasz\n`);
    await dw.save(page, 'Add Tomasz for week 4');
    await until(4, 'four weeks, last Tomasz', async () => { const li = (await dw.content(page).locator('ol li').allInnerTexts()).map((s) => s.trim()); return li.length === 4 && li[3] === 'Week 4: Tomasz' ? true : li; });
    await until(5, 'last modified by tester', async () => ((await page.locator('.docInfo').innerText()).trim().endsWith('by tester') ? true : await page.locator('.docInfo').innerText()));
  },
  'Preview without saving': async (page, url, account) => {
    await dw.login(page, url, account);
    await dw.edit(page, url, 'team:handbook', (t) => t.replace('two weeks', 'three weeks'));
    await page.locator('#edbtn__preview').click();
    await until(4, 'preview text', async () => ((await page.locator('.preview').innerText()).includes('Book holidays at least three weeks in advance.') ? true : 'no preview'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await until(6, 'still two weeks', async () => { const t = await dw.text(page); return t.includes('Book holidays at least two weeks in advance.') && (await page.locator('#wiki__text').count()) === 0 ? true : t.slice(0, 300); });
  },
  'Recent changes lists a fresh edit': async (page, url, account) => {
    await dw.login(page, url, account);
    await dw.edit(page, url, 'playground:playground', () => 'Testing the playground\n');
    await dw.save(page, 'sandbox test');
    await until(3, 'playground text', async () => ((await dw.text(page)).includes('Testing the playground') ? true : 'not saved'));
    await page.getByRole('link', { name: 'Recent Changes' }).click();
    await until(5, 'top entry playground / sandbox test / tester', async () => { const t = (await dw.content(page).locator('form#dw__recent li, .changes li').first().innerText()).replace(/\s+/g, ' '); return /playground:playground.*sandbox test.*tester/.test(t) ? true : t; });
  },
  'Create a new page from a missing link': async (page, url, account) => {
    await dw.login(page, url, account);
    await dw.open(page, url, 'team:retro');
    await until(2, 'does not exist yet', async () => ((await dw.text(page)).includes('This topic does not exist yet') ? true : 'exists?'));
    await page.locator('#dokuwiki__pagetools').getByRole('link', { name: 'Create this page' }).click();
    await page.locator('#wiki__text').fill('====== Sprint retro ======\nWent well: deploys\n');
    await dw.save(page);
    await until(4, 'heading Sprint retro', async () => eq((await dw.content(page).locator('h1').innerText()).trim(), 'Sprint retro'));
    await page.getByRole('link', { name: 'Sitemap' }).click();
    await until(6, 'team open with handbook, oncall, retro', async () => eq((await dw.content(page).locator('#index__tree li.open:has(a.idx_dir[title="team"]) ul a').allInnerTexts()).map((s) => s.trim()).join('|'), 'handbook|oncall|retro'));
  },
  'Full-text search finds a page': async (page, url) => {
    await dw.open(page, url);
    await page.getByPlaceholder('Search').fill('Grafana');
    await Promise.all([page.waitForURL(/do=search/), page.getByPlaceholder('Search').press('Enter')]);
    const hits = dw.content(page).locator('dl.search_results dt');
    await until(2, 'handbook @team', async () => ((await hits.allInnerTexts()).some((t) => /handbook\s*@\s*team/.test(t)) ? true : await hits.allInnerTexts()));
    await until(3, 'one page', async () => eq(await hits.count(), 1));
    await hits.first().getByRole('link').first().click();
    await until(5, 'Team Handbook page', async () => (page.url().includes('id=team:handbook') && (await dw.content(page).locator('h1').innerText()).trim() === 'Team Handbook' ? true : page.url()));
  },
  'Search with no results': async (page, url) => {
    await dw.open(page, url);
    await page.getByPlaceholder('Search').fill('xylophone');
    await Promise.all([page.waitForURL(/do=search/), page.getByPlaceholder('Search').press('Enter')]);
    await until(3, 'Nothing was found.', async () => ((await dw.text(page)).includes('Nothing was found.') ? true : 'found something'));
    await until(4, 'q=xylophone in URL', async () => (page.url().includes('q=xylophone') ? true : page.url()));
  },
  'Sitemap namespaces': async (page, url) => {
    await dw.open(page, url);
    await page.getByRole('link', { name: 'Sitemap' }).click();
    const tree = dw.content(page).locator('#index__tree');
    await until(2, 'playground, team, wiki, start', async () => eq((await tree.locator(':scope > ul > li').allInnerTexts()).map((s) => s.trim()).join('|'), 'playground|team|wiki|start'));
    await until(3, 'team collapsed', async () => ((await tree.getByRole('link', { name: 'handbook' }).count()) === 0 ? true : 'handbook visible'));
    await tree.getByRole('link', { name: 'team', exact: true }).click();
    await until(5, 'handbook and oncall', async () => ((await tree.getByRole('link', { name: 'handbook' }).isVisible()) && (await tree.getByRole('link', { name: 'oncall' }).isVisible()) ? true : 'not expanded'));
  },
  'Edit only one section': async (page, url, account) => {
    await dw.login(page, url, account);
    await dw.open(page, url, 'team:handbook');
    await page.locator('.editbutton_section').filter({ has: page.locator('input[name=hid][value=holidays]') }).getByRole('button').click();
    const ta = page.locator('#wiki__text');
    await until(3, 'only Holidays section', async () => { const v = await ta.inputValue(); return v.includes('===== Holidays =====') && v.includes('Book holidays') && !v.includes('Working hours') ? true : v; });
    await ta.fill((await ta.inputValue()).replace('two weeks', 'one month'));
    await dw.save(page);
    await until(5, 'one month, working hours intact', async () => { const t = await dw.text(page); return t.includes('Book holidays at least one month in advance.') && t.includes('Core hours are 10:00 to 16:00 (CET).') ? true : t.slice(0, 300); });
  },
  'Old revisions intro text': async (page, url, account) => {
    await dw.login(page, url, account);
    await dw.edit(page, url, 'team:oncall', (t) => t.replace('Week 3: Lena', 'Week 3: Lena (backup: Priya)'));
    await dw.save(page, 'backup for week 3');
    await page.locator('#dokuwiki__pagetools').getByRole('link', { name: 'Old revisions' }).click();
    const items = dw.content(page).locator('#page__revisions li');
    await until(3, 'two revisions, current on top', async () => { const l = (await items.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ')); return l.length === 2 && l[0].includes('backup for week 3') && l[0].includes('(current)') ? true : l; });
    await until(4, 'intro "These are the older revisions of the current document."', async () => { const t = await dw.text(page); return t.includes('These are the older revisions of the current document.') ? true : `"${/These are the older \S+ of the current document\./.exec(t)?.[0]}"`; }, 3000);
  },
  'Backlinks to the handbook': async (page, url) => {
    await dw.open(page, url, 'team:handbook');
    await page.locator('#dokuwiki__pagetools').getByRole('link', { name: 'Backlinks' }).click();
    await until(2, 'heading Backlinks', async () => eq((await dw.content(page).locator('h1').innerText()).trim(), 'Backlinks'));
    const link = dw.content(page).locator('ul.idx a, .level1 ul a').filter({ hasText: /^start$/ });
    await until(3, 'start listed', async () => ((await link.count()) === 1 ? true : await dw.text(page)));
    await link.click();
    await until(5, 'home page', async () => eq((await dw.content(page).locator('h1').innerText()).trim(), 'Welcome to the Team Wiki'));
  },
};


// ------------------------------------------------------------------ prometheus

const pr = {
  async open(page, url, path = '') {
    page.setDefaultTimeout(T);
    await page.goto(url + path);
  },
  async menu(page, item) {
    await page.locator('nav').getByRole('button', { name: 'Status' }).or(page.locator('nav a.dropdown-toggle')).first().click();
    await page.locator('.dropdown-menu').getByRole('link', { name: item }).click();
    await page.waitForLoadState();
  },
  expr: (page, i = 0) => page.locator('textarea.expression_input, textarea[name=expr]').nth(i),
  rows: (page) => page.locator('.graph_area .console table tbody tr, .tab-pane.active table tbody tr').filter({ hasNot: page.locator('th') }),
  async consoleRows(page) {
    return page.locator('#console0 table tr, [id^=console] table tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())).filter((r) => r.length === 2));
  },
  body: async (page) => (await page.locator('body').innerText()).replace(/[ \t]+/g, ' '),
};

const PROMETHEUS = {
  'Home page lands on the graph page': async (page, url) => {
    await pr.open(page, url);
    await until(2, 'URL /classic/graph', async () => (page.url().endsWith('/classic/graph') ? true : page.url()));
    await until(3, 'title', async () => eq(await page.title(), 'Prometheus Time Series Collection and Processing Server'));
    await until(4, 'nav Alerts Graph Status Help', async () => eq((await page.locator('nav .navbar-nav > li > a').allInnerTexts()).map((s) => s.trim()).join('|'), 'Alerts|Graph|Status|Help'));
    await until(5, 'empty expression, Execute', async () => ((await pr.expr(page).inputValue()) === '' && (await page.getByRole('button', { name: 'Execute' }).isVisible()) ? true : 'no'));
  },
  'Query the up metric in the console': async (page, url) => {
    await pr.open(page, url);
    await pr.expr(page).fill('up');
    await page.getByRole('button', { name: 'Execute' }).click();
    await until(2, '2 elements', async () => eq((await pr.consoleRows(page)).length, 2));
    const val = async (re) => (await pr.consoleRows(page)).find((r) => re.test(r[0]))?.[1];
    await until(3, 'billing-api 0', async () => eq(await val(/^up\{instance="127\.0\.0\.1:\d+",job="billing-api",team="payments"\}$/), '0'));
    await until(4, 'prometheus 1', async () => eq(await val(/job="prometheus"/), '1'));
    await until(5, 'Total time series: 2', async () => ((await pr.body(page)).includes('Total time series: 2') ? true : 'missing'));
  },
  'Targets page shows one target down': async (page, url) => {
    await pr.open(page, url);
    await pr.menu(page, 'Targets');
    await until(2, 'two jobs', async () => eq((await page.locator('h2').allInnerTexts()).map((s) => s.replace(/show (less|more)/, '').trim()).join('|'), 'billing-api (0/1 up)|prometheus (1/1 up)'));
    const row = (job) => page.locator('tr', { hasText: `job="${job}"` });
    await until(3, 'billing DOWN connection refused', async () => { const t = await row('billing-api').innerText(); return t.includes('DOWN') && t.includes('connection refused') ? true : t; });
    await until(4, 'prometheus UP no error', async () => { const cells = await row('prometheus').locator('td').allInnerTexts(); return cells[1].trim() === 'UP' && cells[5].trim() === '' ? true : cells; });
  },
  'Unhealthy filter on targets': async (page, url) => {
    await pr.open(page, url, 'classic/targets');
    await page.locator('label, button').filter({ hasText: /^\s*Unhealthy\s*$/ }).first().click();
    const visible = async () => (await page.locator('h2').evaluateAll((hs) => hs.filter((h) => h.offsetParent !== null).map((h) => h.innerText.split(' ')[0])));
    await until(3, 'only billing-api', async () => eq((await visible()).join('|'), 'billing-api'));
    await until(4, 'prometheus hidden', async () => ((await visible()).includes('prometheus') ? 'shown' : true));
    await page.locator('label, button').filter({ hasText: /^\s*All\s*$/ }).first().click();
    await until(6, 'both jobs', async () => eq((await visible()).join('|'), 'billing-api|prometheus'));
  },
  'Alerts overview': async (page, url) => {
    await pr.open(page, url, 'classic/alerts');
    await until(2, 'filter labels', async () => eq((await page.locator('#alertFilters label').allInnerTexts()).map((s) => s.trim()).join('|'), 'Inactive (1)|Pending (0)|Firing (1)'));
    const header = (name) => page.locator('tr.alert_header', { hasText: name });
    await until(3, 'TargetDown (1 active) red', async () => { const t = (await header('TargetDown').innerText()).trim(); const bg = await header('TargetDown').evaluate((e) => getComputedStyle(e).backgroundColor); return t === 'TargetDown (1 active)' && (await header('TargetDown').getAttribute('class')).includes('alert-danger') ? true : [t, bg]; });
    await until(4, 'TooManyGoroutines (0 active)', async () => eq((await header('TooManyGoroutines').innerText()).trim(), 'TooManyGoroutines (0 active)'));
    await until(5, 'details collapsed', async () => ((await page.getByText('expr: up == 0').isVisible()) ? 'visible' : true));
  },
  'Expand a firing alert and show annotations': async (page, url) => {
    await pr.open(page, url, 'classic/alerts');
    await page.locator('tr.alert_header', { hasText: 'TargetDown' }).click();
    const details = page.locator('tr.alert_details').first();
    await until(2, 'rule and FIRING row', async () => { const t = await details.innerText(); return (await details.isVisible()) && t.includes('expr: up == 0') && (await details.locator('.state_indicator').allInnerTexts()).join() === 'FIRING' ? true : t.slice(0, 200); });
    await until(3, 'labels', async () => { const b = await details.locator('.badge').allInnerTexts(); return b.includes('job="billing-api"') && b.includes('team="payments"') ? true : b; });
    await page.getByRole('button', { name: 'Show annotations' }).click();
    await until(5, 'summary annotation', async () => { const dd = details.locator('tr.alert_annotations dd').first(); return (await dd.isVisible()) && /^Target 127\.0\.0\.1:\d+ is down$/.test((await dd.innerText()).trim()) ? true : 'hidden'; });
  },
  'Hide firing alerts with the filter': async (page, url) => {
    await pr.open(page, url, 'classic/alerts');
    await page.locator('#alertFilters label', { hasText: 'Firing' }).click();
    await until(3, 'TargetDown hidden', async () => ((await page.locator('tr.alert_header', { hasText: 'TargetDown' }).isVisible()) ? 'visible' : true));
    await until(4, 'TooManyGoroutines visible', async () => ((await page.locator('tr.alert_header', { hasText: 'TooManyGoroutines' }).isVisible()) ? true : 'hidden'));
  },
  'Rules page': async (page, url) => {
    await pr.open(page, url);
    await pr.menu(page, 'Rules');
    await until(2, 'group corpus-rules', async () => ((await page.locator('table h2, h2').allInnerTexts()).some((t) => t.trim() === 'corpus-rules') ? true : await page.locator('h2').allInnerTexts()));
    const rules = page.locator('tr').filter({ has: page.locator('td.rule_cell') });
    await until(3, 'three rules in order', async () => { const r = (await rules.allInnerTexts()).map((t) => t.trim().split('\n')[0].trim()); return r.join('|') === 'record: job:up:sum|alert: TargetDown|alert: TooManyGoroutines' ? true : r; });
    await until(4, 'all OK', async () => { const st = await rules.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td.state')?.innerText.trim())); return st.length === 3 && st.every((x) => x === 'OK') ? true : st; });
  },
  'Configuration page shows the scrape jobs': async (page, url) => {
    await pr.open(page, url);
    await pr.menu(page, 'Configuration');
    const yaml = async () => page.locator('pre').first().innerText();
    await until(2, 'global scrape_interval 2s', async () => (/^global:\n(  .*\n)*?  scrape_interval: 2s/m.test(await yaml()) ? true : (await yaml()).slice(0, 120)));
    await until(3, 'both jobs', async () => { const y = await yaml(); return y.includes('job_name: billing-api') && y.includes('job_name: prometheus') ? true : 'missing'; });
    await until(4, 'team: payments', async () => (/job_name: billing-api[\s\S]*labels:\n\s+team: payments/.test(await yaml()) ? true : 'missing'));
    await until(5, 'Copy to clipboard', async () => ((await page.getByRole('button', { name: 'Copy to clipboard' }).isVisible()) ? true : 'no button'));
  },
  'Command-line flags': async (page, url) => {
    await pr.open(page, url, 'classic/flags');
    const flag = async (name) => (await page.locator('tr').filter({ has: page.locator(`th:text-is("${name}")`) }).locator('td').innerText()).trim();
    await until(2, 'query.timeout 2m', async () => eq(await flag('query.timeout'), '2m'));
    await until(3, 'storage.tsdb.retention.time row', async () => eq(await page.locator('th:text-is("storage.tsdb.retention.time")').count(), 1));
    await until(4, 'web.listen-address 127.0.0.1:', async () => ((await flag('web.listen-address')).startsWith('127.0.0.1:') ? true : await flag('web.listen-address')));
  },
  'Service discovery counts': async (page, url) => {
    await pr.open(page, url, 'classic/service-discovery');
    await until(2, 'summary counts', async () => eq((await page.locator('ul li').allInnerTexts()).map((s) => s.trim()).filter((s) => /active targets/.test(s)).join('|'), 'billing-api (1/1 active targets)|prometheus (1/1 active targets)'));
    await page.locator('h2', { hasText: 'billing-api' }).getByRole('button', { name: 'show more' }).or(page.locator('h2', { hasText: 'billing-api' }).getByText('show more')).first().click();
    await until(4, 'labels table', async () => { const tbl = page.locator('table').filter({ hasText: 'Discovered Labels' }).first(); return (await tbl.isVisible()) && (await tbl.innerText()).includes('Target Labels') && (await tbl.innerText()).includes('job="billing-api"') ? true : 'hidden'; });
  },
  'Insert a metric from the dropdown': async (page, url) => {
    await pr.open(page, url);
    await page.locator('select[name=insert_metric]').selectOption('go_goroutines');
    await until(2, 'expression go_goroutines', async () => eq(await pr.expr(page).inputValue(), 'go_goroutines'));
    await page.getByRole('button', { name: 'Execute' }).click();
    await until(4, 'one row for prometheus', async () => { const r = await pr.consoleRows(page); return r.length === 1 && r[0][0].includes('job="prometheus"') ? true : r; });
  },
  'A broken expression shows an error': async (page, url) => {
    await pr.open(page, url);
    await pr.expr(page).fill('sum(rate(up[5m]');
    await page.getByRole('button', { name: 'Execute' }).click();
    const err = page.locator('.alert-danger, .error').filter({ hasText: 'Error executing query' }).first();
    await until(2, 'red error', async () => ((await err.isVisible()) && (await err.innerText()).trim().startsWith('Error executing query') ? true : 'no error'));
    await until(3, 'unclosed left parenthesis', async () => ((await err.innerText()).includes('parse error: unclosed left parenthesis') ? true : await err.innerText()));
    await until(4, 'no rows', async () => eq((await pr.consoleRows(page)).length, 0));
  },
  'Add and remove a graph panel': async (page, url) => {
    await pr.open(page, url);
    await until(2, 'one panel', async () => eq(await page.locator('textarea').count(), 1));
    await page.getByRole('button', { name: 'Add Graph' }).click();
    await until(4, 'second panel', async () => ((await page.locator('textarea').count()) === 2 && (await pr.expr(page, 1).inputValue()) === '' && (await page.getByRole('button', { name: 'Execute' }).count()) === 2 ? true : 'no'));
    await page.getByRole('link', { name: 'Remove Graph' }).nth(1).click();
    await until(6, 'single panel', async () => eq(await page.locator('textarea').count(), 1));
  },
  'Recording rule series can be queried': async (page, url) => {
    await pr.open(page, url);
    await pr.expr(page).fill('job:up:sum');
    await pr.expr(page).press('Enter');
    await until(2, 'two job:up:sum series', async () => eq((await pr.consoleRows(page)).map((r) => r[0]).sort().join('|'), 'job:up:sum{job="billing-api"}|job:up:sum{job="prometheus"}'));
    await until(3, 'values 0 and 1', async () => eq((await pr.consoleRows(page)).map((r) => r.join('=')).sort().join('|'), 'job:up:sum{job="billing-api"}=0|job:up:sum{job="prometheus"}=1'));
    await until(4, 'URL with g0.expr=job%3Aup%3Asum', async () => (page.url().includes('g0.expr=job%3Aup%3Asum') ? true : page.url()));
  },
  'Graph tab of a query': async (page, url) => {
    await pr.open(page, url);
    await pr.expr(page).fill('process_open_fds');
    await page.getByRole('button', { name: 'Execute' }).click();
    await page.getByRole('tab', { name: 'Graph' }).or(page.locator('a[href="#graph0"]')).first().click();
    await until(2, 'Graph tab active', async () => ((await page.locator('a[href="#graph0"]').getAttribute('class')).includes('active') ? true : 'not active'));
    await until(3, 'range 1h', async () => eq(await page.locator('#range_input0').inputValue(), '1h'));
    await page.locator('#range_input0').fill('5m');
    await page.locator('#range_input0').press('Enter');
    await until(5, 'chart with legend', async () => ((await page.locator('#graph0 svg').count()) > 0 && (await page.locator('#graph0 .legend, #graph0 [class*=legend]').first().innerText()).includes('process_open_fds') ? true : 'no chart'));
  },
  'Uptime on the runtime information page': async (page, url) => {
    await pr.open(page, url);
    await pr.menu(page, 'Runtime & Build Information');
    const cell = (name) => page.locator('tr').filter({ has: page.locator(`th:text-is("${name}"), td:text-is("${name}")`) }).locator('td').last();
    await until(2, 'Configuration reload Successful', async () => eq((await cell('Configuration reload').innerText()).trim(), 'Successful'));
    await until(3, 'Version 2.42.0+ds', async () => eq((await cell('Version').innerText()).trim(), '2.42.0+ds'));
    await until(4, 'Uptime as a duration', async () => { const v = (await cell('Uptime').innerText()).trim(); return /^(\d+h)?(\d+m)?\d+(\.\d+)?s$/.test(v) ? true : `"${v}", a timestamp`; }, 3000);
  },
};

export const SCRIPTS = { ...MAILDEV, ...DOKUWIKI, ...PROMETHEUS };
