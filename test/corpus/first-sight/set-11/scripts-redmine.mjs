// Hand-written scripts for redmine.plans (Redmine 5.0.4, Larkspur Bakery Tracker).
import { T, must, txt, waitFor } from '../kit.mjs';

async function signIn(page, url, account, step = 1) {
  await page.goto(`${url}login`);
  await page.fill('#username', account.username);
  await page.fill('#password', account.password);
  await page.click('#login-submit');
  await waitFor(step, 'signed in', async () => (await page.locator('#loggedas').count()) === 1);
}

const rows = (page) => page.locator('table.list.issues tbody tr');
const subjects = async (page) => (await page.locator('table.list.issues tbody td.subject').allInnerTexts()).map((s) => s.trim());

export const REDMINE = {
  'wrong password is turned away': async (page, url) => {
    await page.goto(`${url}login`);
    await page.fill('#username', 'helen');
    await page.fill('#password', 'Rye-bread-1');
    await page.click('#login-submit');
    await waitFor(3, 'the error message', async () => (await txt(page.locator('#flash_error'))) === 'Invalid user or password');
    must(await page.locator('#login-form #username').isVisible(), 3, 'the login form is still shown');
  },

  'signing in and signing out again': async (page, url, account) => {
    await signIn(page, url, account);
    await waitFor(2, 'Logged in as helen', async () => (await txt(page.locator('#loggedas'))) === 'Logged in as helen');
    must(await page.locator('#top-menu a', { hasText: 'Administration' }).isVisible(), 2, 'an Administration entry');
    await page.click('#account a.logout');
    await waitFor(4, 'a Sign in link', async () => page.locator('#account a.login', { hasText: 'Sign in' }).isVisible());
    must((await page.locator('#loggedas').count()) === 0, 4, '"Logged in as" is gone');
  },

  "the web shop's open issues": async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects`);
    await page.locator('#projects-index a.project', { hasText: 'Online Shop' }).click();
    await page.waitForURL(/projects\/online-shop$/);
    await page.click('#main-menu a.issues');
    await waitFor(3, '7 issues', async () => (await rows(page).count()) === 7);
    must(!(await subjects(page)).includes('Opening hours wrong in the footer'), 3, 'the closed issue is not listed');
    const row = rows(page).filter({ hasText: 'Basket total ignores the weekend discount' });
    must((await txt(row.locator('td.priority'))) === 'Urgent' && (await txt(row.locator('td.assigned_to'))) === 'Omar Haddad', 4, 'Urgent / Omar Haddad');
  },

  'only my issues': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects/online-shop/issues`);
    await page.selectOption('#add_filter_select', 'assigned_to_id');
    await page.waitForSelector('#operators_assigned_to_id');
    must((await page.locator('#operators_assigned_to_id').inputValue()) === '=', 2, 'operator is');
    const v = await page.locator('#values_assigned_to_id_1 option:checked').allInnerTexts();
    must(v.length === 1 && v[0].includes('me'), 2, `<< me >> selected (saw ${v})`);
    await page.click('#query_form_with_buttons a.icon-checked');
    await waitFor(3, 'three issues', async () => {
      const s = await subjects(page);
      return s.length === 3 && s.includes('Checkout button does nothing on Safari') && s.includes('Basket total ignores the weekend discount') && s.includes('Product photos look blurry on high-resolution screens') || s.join(' | ');
    });
    must(!(await subjects(page)).includes('Customer cannot reset her password'), 4, 'the password reset issue is not listed');
  },

  'most urgent first': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects/online-shop/issues`);
    await page.locator('table.list.issues thead th.priority a').click();
    await waitFor(3, 'sorted by priority', async () => (await page.locator('table.list.issues thead th a.sort').innerText()) === 'Priority');
    await page.waitForLoadState('load');
    const pr = (await page.locator('table.list.issues tbody td.priority').allInnerTexts()).map((s) => s.trim());
    const first = rows(page).first();
    must((await txt(first.locator('td.id'))) === '3' && (await txt(first.locator('td.subject'))) === 'Basket total ignores the weekend discount' && pr[0] === 'Urgent', 3, `first row #3 Urgent (saw ${pr})`);
    must(pr.at(-1) === 'Low' && pr.at(-2) === 'Low' && pr.at(-3) !== 'Low', 3, `last two rows Low (saw ${pr})`);
  },

  'reporting a new bug': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects/online-shop`);
    await page.click('#main-menu #new-object');
    await page.click('#main-menu a.new-issue-sub');
    await page.waitForSelector('#issue_subject');
    must((await page.locator('#issue_tracker_id option:checked').innerText()) === 'Bug', 2, 'tracker Bug');
    await page.fill('#issue_subject', 'Search box ignores accented letters');
    await page.selectOption('#issue_priority_id', { label: 'High' });
    await page.selectOption('#issue_assigned_to_id', { label: 'Omar Haddad' });
    await page.click('input[name=commit]');
    await waitFor(4, 'the created notice', async () => /Issue #13 created/.test(await txt(page.locator('#flash_notice'))));
    must((await txt(page.locator('#content h2'))).includes('Bug #13'), 4, 'Bug #13');
    must((await txt(page.locator('.subject h3'))) === 'Search box ignores accented letters', 4, 'subject');
    must((await txt(page.locator('.attributes .status.attribute .value'))) === 'New', 4, 'status New');
    must((await txt(page.locator('.attributes .priority.attribute .value'))) === 'High', 4, 'priority High');
    must((await txt(page.locator('.attributes .assigned-to.attribute .value'))) === 'Omar Haddad', 4, 'assignee Omar');
  },

  'a new issue without a subject': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects/online-shop/issues/new`);
    await page.fill('#issue_description', 'Happens on every Saturday');
    await page.click('input[name=commit]');
    await waitFor(3, 'the error box', async () => (await txt(page.locator('#errorExplanation'))).includes('Subject cannot be blank'));
    must((await page.locator('#issue_description').inputValue()) === 'Happens on every Saturday', 4, 'description kept');
  },

  'starting work on the discount bug': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}issues/3`);
    await page.click('#content .contextual a.icon-edit');
    await page.waitForSelector('#issue_status_id', { state: 'visible' });
    await page.selectOption('#issue_status_id', { label: 'In Progress' });
    await page.waitForTimeout(300); // the form is reloaded after a status change
    await page.waitForLoadState('networkidle');
    await page.selectOption('#issue_done_ratio', { label: '30 %' });
    await page.fill('#issue_notes', 'Found it: the discount is applied before VAT.');
    await page.click('#issue-form input[name=commit]');
    await waitFor(4, 'Successful update.', async () => (await txt(page.locator('#flash_notice'))) === 'Successful update.');
    must((await txt(page.locator('.attributes .status.attribute .value'))) === 'In Progress', 4, 'status');
    must((await txt(page.locator('.attributes .progress.attribute .value'))).includes('30%'), 4, '% done 30');
    const last = page.locator('#history .journal.has-details').last();
    const t = await txt(last);
    must(t.includes('Status changed from New to In Progress') && t.includes('Found it: the discount is applied before VAT.'), 5, `history entry (saw ${t.slice(0, 200)})`);
  },

  'who is watching the Safari bug': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}issues/1`);
    const watchers = page.locator('#watchers');
    await waitFor(2, 'Watchers (2)', async () => {
      const t = await txt(watchers);
      return (t.includes('Watchers (2)') && t.includes('Helen Marsh') && t.includes('Priya Nair')) || t;
    });
    await page.locator('#content > .contextual a.icon-fav', { hasText: 'Unwatch' }).first().click();
    await waitFor(4, 'Watch link and one watcher', async () => {
      const link = await txt(page.locator('#content > .contextual a[class*=watcher]').first());
      const t = await txt(watchers);
      return (link === 'Watch' && t.includes('Watchers (1)') && t.includes('Priya Nair') && !t.includes('Helen Marsh')) || `${link} / ${t}`;
    });
  },

  'roadmap of the web shop': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects/online-shop`);
    await page.click('#main-menu a.roadmap');
    await page.waitForURL(/roadmap/);
    const names = (await page.locator('#content h3.version').allInnerTexts()).map((s) => s.trim());
    must(names.length === 2 && names[0].includes('1.4 Spring menu') && names[1].includes('1.5 Gift cards'), 2, `versions (saw ${names})`);
    must(!(await txt(page.locator('#content'))).includes('1.3 Winter menu'), 2, '1.3 not shown');
    const v14 = page.locator('#content article.version-article').first();
    must((await txt(v14)).includes('3 issues (0 closed — 3 open)'), 3, '3 issues (0 closed — 3 open)');
  },

  'adding a step to the release checklist': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects/online-shop/wiki`);
    await page.locator('#content .wiki a.wiki-page', { hasText: 'Release checklist' }).click();
    await page.waitForURL(/Release_checklist$/);
    await page.click('#content .contextual a.icon-edit');
    const box = page.locator('#content_text');
    await box.waitFor();
    await box.fill(`${(await box.inputValue()).replace(/\s+$/, '')}\n# Tell the shop staff\n`);
    await page.click('input[name=commit]');
    await page.waitForURL(/Release_checklist$/);
    const items = (await page.locator('#content .wiki ol li').allInnerTexts()).map((s) => s.trim());
    must(items.length === 4 && items[3] === 'Tell the shop staff', 4, `four steps (saw ${items})`);
  },

  'a private project stays private': async (page, url, account) => {
    await signIn(page, url, account);
    await page.click('#top-menu a.projects');
    await page.waitForURL(/\/projects$/);
    const names = (await page.locator('#projects-index a.project').allInnerTexts()).map((s) => s.trim());
    must(names.includes('Online Shop') && names.includes('Kitchen Equipment') && !names.includes('Head Office'), 2, `projects (saw ${names})`);
    must((await page.locator('#top-menu a', { hasText: 'Administration' }).count()) === 0, 3, 'no Administration');
  },

  'searching the tracker': async (page, url, account) => {
    await signIn(page, url, account);
    await page.fill('#quick-search #q', 'discount');
    await page.press('#quick-search #q', 'Enter');
    await page.waitForURL(/search/);
    const h = await txt(page.locator('#search-results-counts, #content h3').filter({ hasText: 'Results' }).first());
    must(h.includes('Results (2)'), 2, `Results (2) (saw ${h})`);
    const res = (await page.locator('#search-results dt').allInnerTexts()).map((s) => s.trim());
    must(res.length === 2 && res.some((r) => r.includes('Bug #3') && r.includes('Basket total ignores the weekend discount')) && res.some((r) => r.includes('Release_checklist')), 2, `results (saw ${res})`);
  },

  'booking time on an issue': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}issues/1`);
    await page.click('#content > .contextual a.icon-time-add');
    await page.waitForSelector('#time_entry_hours');
    await page.fill('#time_entry_hours', '1.5');
    await page.selectOption('#time_entry_activity_id', { label: 'Development' });
    await page.fill('#time_entry_comments', 'Tested on iPad');
    await page.click('input[name=commit]');
    await waitFor(3, 'Successful creation.', async () => (await txt(page.locator('#flash_notice'))) === 'Successful creation.');
    const spent = page.locator('.attributes .spent-time.attribute .value');
    must((await txt(spent)) === '1:30 h', 3, `Spent time 1:30 h (saw ${await txt(spent)})`);
    await spent.locator('a').first().click();
    await page.waitForURL(/time_entries/);
    const row = page.locator('table.list.time-entries tbody tr').filter({ hasText: 'Tested on iPad' });
    await waitFor(5, 'one entry with the comment', async () => (await row.count()) === 1);
    const t = await txt(row);
    must(t.includes('Omar Haddad') && t.includes('Development') && t.includes('1:30'), 5, `the entry (saw ${t})`);
  },

  'what Tom has on his plate': async (page, url, account) => {
    await signIn(page, url, account);
    await page.waitForURL(/my\/page/);
    const block = page.locator('#block-issuesassignedtome');
    const t = await txt(block);
    must(t.includes('Issues assigned to me (3)') && t.includes('Service the deck oven before Easter') && t.includes('Proofing cabinet thermostat reads 4 degrees high') && t.includes('Customer cannot reset her password') && !t.includes('dough hook'), 2, `block (saw ${t.slice(0, 300)})`);
    await page.selectOption('#block-select', { label: 'Watched issues' });
    await waitFor(4, 'a Watched issues block', async () => {
      const w = await txt(page.locator('#block-issueswatched'));
      return (w.includes('Watched issues (0)') && w.includes('No data to display')) || w;
    });
  },

  'the Gantt chart as a picture': async (page, url, account) => {
    await signIn(page, url, account);
    await page.goto(`${url}projects/online-shop`);
    await page.click('#main-menu a.gantt');
    await page.waitForSelector('p.other-formats a.png');
    await page.click('p.other-formats a.png');
    await page.waitForLoadState('load');
    const body = await txt(page.locator('body')).catch(() => '');
    must(!/Internal error/.test(body) && !/500/.test(await page.title()), 3, `an error page instead of the chart: "${await page.title()}" ${body.slice(0, 80)}`);
    const img = await page.evaluate(() => document.images.length === 1 && document.images[0].naturalWidth > 0);
    must(img, 3, 'the chart picture');
  },
};
