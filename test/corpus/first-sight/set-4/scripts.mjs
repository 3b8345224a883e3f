// Hand-written Playwright scripts for every plan of first-sight set 4: the same steps as the plan,
// written with full knowledge of each app's markup. A check that does not hold throws `step N: …`.
import { T, must, txt, waitFor } from '../kit.mjs';
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const norm = (s) => String(s).replace(/\s+/g, ' ').trim();

// ------------------------------------------------------------------ fossil

/** Click and wait for the next page (Fossil is plain links and forms). */
async function fsNav(page, loc) {
  await Promise.all([page.waitForNavigation({ timeout: T }), loc.click({ timeout: T })]);
}
const fsMenu = (page, name) => page.locator('div.mainmenu a', { hasText: new RegExp(`^${name}$`) });
const fsSub = (page, name) => page.locator('div.submenu a', { hasText: new RegExp(`^${name}$`) });
const fsContent = (page) => txt(page.locator('div.content'));
async function fsLogin(page, url, account) {
  await page.goto(`${url}login`);
  await page.fill('input[name=u]', account.username);
  await page.fill('input[name=p]', account.password);
  await fsNav(page, page.locator('input[type=submit][name=in]'));
  await page.locator('div.mainmenu a', { hasText: 'Logout' }).waitFor({ timeout: T });
}
/** The rows of the All Tickets report: [[hash, mtime, type, status, subsystem, title], …]. */
async function fsReport(page) {
  return page.locator('table.report.sortable tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())));
}
async function fsOpenReport(page, url) {
  await page.goto(`${url}reportlist`);
  await fsNav(page, page.locator('div.content a', { hasText: 'All Tickets' }));
}
async function fsOpenTicket(page, url, title) {
  await fsOpenReport(page, url);
  await fsNav(page, page.locator('table.report.sortable tbody tr', { hasText: title }).locator('td a').first());
}
/** The label → value pairs of a ticket page (Status, Type, Priority, …). */
async function fsTicket(page) {
  return page.locator('td.tktDspLabel').evaluateAll((tds) => Object.fromEntries(tds.map((td) => [td.innerText.replace(':', '').trim(), td.nextElementSibling?.innerText.trim() ?? ''])));
}
async function fsNewTicket(page, url, { title, type, severity, text }) {
  await page.goto(`${url}reportlist`);
  await fsNav(page, page.locator('div.content a', { hasText: /^New ticket$/ }));
  await page.fill('input[name=title]', title);
  if (type) await page.selectOption('select[name=type]', type);
  if (severity) await page.selectOption('select[name=severity]', severity);
  await page.fill('textarea[name=icomment]', text);
  await fsNav(page, page.locator('input[type=submit][name=preview]'));
  await fsNav(page, page.locator('input[type=submit][name=submit]'));
  await page.locator('td.tktDspLabel').first().waitFor({ timeout: T });
}
const fsComments = (page) => page.locator('div.content').innerText().then((s) => (s.split('User Comments:')[1] ?? ''));

const FOSSIL = {
  'the home page links to the wiki pages': async (page, url) => {
    await page.goto(url);
    const c = await fsContent(page);
    const links = await page.locator('div.content a').allInnerTexts();
    must(c.includes('Welcome') && c.includes('Garden Planner helps you plan beds, sowing dates and harvests.') && links.includes('Planting Guide') && links.includes('Harvest Log'), 2, `home: ${c}`);
    await fsNav(page, page.locator('div.content a', { hasText: 'Planting Guide' }));
    const head = await page.locator('div.content table th').allInnerTexts();
    const bean = await page.locator('div.content table tr', { hasText: 'Bean' }).locator('td').allInnerTexts();
    must(same(head, ['Crop', 'Bed', 'Sowing week']) && same(bean, ['Bean', 'Greenhouse', '18']), 4, `table ${head} / ${bean}`);
  },
  'signing in and out of the project': async (page, url, account) => {
    await page.goto(url);
    await fsNav(page, fsMenu(page, 'Login'));
    await page.fill('input[name=u]', account.username);
    await page.fill('input[name=p]', account.password);
    await fsNav(page, page.locator('input[type=submit][name=in]'));
    const who = await txt(page.locator('div.status'));
    must(who === 'qa' && (await fsMenu(page, 'Admin').count()) === 1 && (await fsMenu(page, 'Logout').count()) === 1, 2, `status ${who}`);
    await fsNav(page, fsMenu(page, 'Logout'));
    await fsNav(page, page.locator('input[type=submit][name=out]'));
    must((await fsMenu(page, 'Login').count()) === 1 && (await fsMenu(page, 'Admin').count()) === 0, 4, 'still signed in');
  },
  'a wrong password is refused': async (page, url) => {
    await page.goto(url);
    await fsNav(page, fsMenu(page, 'Login'));
    await page.fill('input[name=u]', 'qa');
    await page.fill('input[name=p]', 'tomato');
    await fsNav(page, page.locator('input[type=submit][name=in]'));
    const c = await fsContent(page);
    must(c.includes('You entered an unknown user or an incorrect password.') && (await page.locator('input[name=p]').count()) === 1, 3, `page ${c.slice(0, 200)}`);
    must((await fsMenu(page, 'Login').count()) === 1 && (await fsMenu(page, 'Logout').count()) === 0, 4, 'signed in?');
  },
  'the timeline lists check-ins newest first': async (page, url) => {
    await page.goto(url);
    await fsNav(page, fsMenu(page, 'Timeline'));
    must((await fsContent(page)).includes('6 check-ins'), 2, 'no "6 check-ins"');
    const cells = (await page.locator('td.timelineModernCell').allInnerTexts()).map(norm);
    const dates = await page.locator('div.timelineDate').allInnerTexts();
    must(cells[0].startsWith('Point the README at the planting guide') && cells[0].includes('user: mira') && dates[0] === '2024-03-14' && cells.at(-1).startsWith('initial empty check-in'), 3, `cells ${cells[0]} … ${cells.at(-1)}`);
    const frost = cells.find((c) => c.startsWith('Warn when the night temperature drops to 2 degrees'));
    must(frost?.includes('tags: frost-alerts'), 4, `frost ${frost}`);
  },
  'raising the priority of the watering reminder': async (page, url, account) => {
    await fsLogin(page, url, account);
    await fsOpenTicket(page, url, 'Add a watering reminder');
    const t = await fsTicket(page);
    must(t.Status === 'Open' && t.Priority === 'Medium' && t.Resolution === '', 2, `ticket ${JSON.stringify(t)}`);
    await fsNav(page, fsSub(page, 'Edit'));
    await page.selectOption('select[name=priority]', 'High');
    await fsNav(page, page.locator('input[type=submit][name=preview]'));
    await fsNav(page, page.locator('input[type=submit][name=submit]'));
    const t2 = await fsTicket(page);
    must(t2.Priority === 'High' && t2.Status === 'Open', 5, `ticket ${JSON.stringify(t2)}`);
    // the defect: the edit form preselected "Open" for the empty resolution and saved it
    must(t2.Resolution === '', 5, `Resolution is now "${t2.Resolution}" although only the priority was changed`);
  },
  'browsing the files of the latest check-in': async (page, url) => {
    await page.goto(url);
    await fsNav(page, fsMenu(page, 'Files'));
    const files = await page.locator('div.content ul.browser a').allInnerTexts();
    const readme = await page.locator('div.content h1').allInnerTexts();
    must(same(files.map((s) => s.trim()), ['src', 'README.md']) && readme.includes('Garden Planner'), 2, `files ${files} readme ${readme}`);
    await fsNav(page, page.locator('div.content ul.browser a', { hasText: 'src' }));
    const src = (await page.locator('div.content ul.browser a').allInnerTexts()).map((s) => s.trim());
    must(same(src, ['beds.js', 'sowing.js']), 4, `src ${src}`);
  },
  'branches of the project': async (page, url) => {
    await page.goto(url);
    await fsNav(page, fsMenu(page, 'Branches'));
    const rows = await page.locator('div.brlist tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.cells[0].innerText.trim(), tr.cells[2].innerText.trim()]));
    const m = Object.fromEntries(rows);
    must(rows.length === 2 && m.trunk === '5' && m['frost-alerts'] === '1', 2, `rows ${JSON.stringify(rows)}`);
    await fsNav(page, page.locator('div.brlist a', { hasText: 'frost-alerts' }));
    const cells = (await page.locator('td.timelineModernCell').allInnerTexts()).map(norm);
    const frost = cells.find((c) => c.startsWith('Warn when the night temperature drops to 2 degrees'));
    must(frost?.includes('Leaf check-in') && frost.includes('user: qa'), 4, `cells ${cells}`);
  },
  'what the greenhouse check-in changed': async (page, url) => {
    await page.goto(`${url}timeline`);
    const cell = page.locator('td.timelineModernCell', { hasText: 'Add the greenhouse as a fourth bed' });
    await fsNav(page, cell.locator('a[href*="/info/"]').first());
    const c = await fsContent(page);
    must(c.includes('Comment: Add the greenhouse as a fourth bed') && c.includes('mira on 2024-03-09 11:15:00'), 2, `info ${c.slice(0, 400)}`);
    must(/Modified src\/beds\.js/.test(c), 3, 'beds.js not modified');
    const newSide = await page.locator('table.sbsdiffcols td.difftxtr, td.difftxt.difftxtr').allInnerTexts();
    must(newSide.join(' ').includes('"Greenhouse"'), 3, `diff ${newSide}`);
  },
  'history of a single file': async (page, url) => {
    await page.goto(`${url}dir?ci=tip`);
    await fsNav(page, page.locator('div.content ul.browser a', { hasText: 'src' }));
    await fsNav(page, page.locator('div.content ul.browser a', { hasText: 'beds.js' }));
    await fsNav(page, page.locator('div.content a', { hasText: 'src/beds.js' }).first());
    const cells = (await page.locator('td.timelineModernCell, td.timelineCompactCell, td.timelineColumnarCell').allInnerTexts()).map(norm);
    const dates = await page.locator('div.timelineDate').allInnerTexts();
    must(cells.length === 2 && cells[0].startsWith('Add the greenhouse as a fourth bed') && /Initial layout of the garden beds/.test(cells[1])
      && cells.every((c) => c.includes('user: mira')) && same(dates, ['2024-03-09', '2024-03-01']), 3, `history ${cells} ${dates}`);
  },
  'the ticket report': async (page, url) => {
    await fsOpenReport(page, url);
    const rows = await fsReport(page);
    const head = (await page.locator('table.report.sortable thead th').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
    must(rows.length === 5 && same(head, ['#', 'mtime', 'type', 'status', 'subsystem', 'title']), 2, `rows ${rows.length} head ${head}`);
    const st = Object.fromEntries(rows.map((r) => [r[5], r[3]]));
    must(st['Typo in the planting guide'] === 'Closed' && st['Export the harvest log as CSV'] === 'Review', 3, `status ${JSON.stringify(st)}`);
    must(rows[0][5] === 'Sowing week for beans is wrong' && rows.at(-1)[5] === 'Export the harvest log as CSV', 4, `order ${rows.map((r) => r[5])}`);
  },
  'reading one ticket': async (page, url) => {
    await fsOpenReport(page, url);
    await fsNav(page, page.locator('table.report.sortable tbody tr', { hasText: 'Sowing week for beans is wrong' }).locator('td').first().locator('a'));
    const t = await fsTicket(page);
    must(t.Status === 'Open' && t.Type === 'Code_Defect' && t.Severity === 'Important' && t.Priority === 'High', 3, `ticket ${JSON.stringify(t)}`);
    must((await fsContent(page)).includes('Beans are listed for week 18 but should be week 20.'), 4, 'description');
  },
  'visitors must sign in to file a ticket': async (page, url, account) => {
    await page.goto(url);
    await fsNav(page, fsMenu(page, 'Tickets'));
    await fsNav(page, page.locator('div.content a', { hasText: /^New ticket$/ }));
    const c = await fsContent(page);
    must(c.includes('Login as anonymous or any named user to access page tktnew.') && (await page.locator('input[name=p]').count()) === 1, 2, `page ${c.slice(0, 200)}`);
    await page.fill('input[name=u]', account.username);
    await page.fill('input[name=p]', account.password);
    await fsNav(page, page.locator('input[type=submit][name=in]'));
    const c2 = await fsContent(page);
    must(c2.includes('Enter A New Ticket') && (await page.locator('input[name=title]').count()) === 1 && (await page.locator('select[name=type]').count()) === 1 && (await page.locator('select[name=severity]').count()) === 1, 4, `form ${c2.slice(0, 200)}`);
  },
  'closing the bean ticket as fixed': async (page, url, account) => {
    await fsLogin(page, url, account);
    await fsOpenTicket(page, url, 'Sowing week for beans is wrong');
    await fsNav(page, fsSub(page, 'Edit'));
    await page.selectOption('select[name=status]', 'Fixed');
    await page.selectOption('select[name=resolution]', 'Fixed');
    await page.fill('textarea[name=icomment]', 'Changed to week 20.');
    await fsNav(page, page.locator('input[type=submit][name=preview]'));
    await fsNav(page, page.locator('input[type=submit][name=submit]'));
    const t = await fsTicket(page);
    const com = await fsComments(page);
    must(t.Status === 'Fixed' && t.Resolution === 'Fixed' && com.includes('Changed to week 20.') && /qa added on/.test(com), 4, `ticket ${JSON.stringify(t)} ${com}`);
    await fsOpenReport(page, url);
    const st = Object.fromEntries((await fsReport(page)).map((r) => [r[5], r[3]]));
    must(st['Sowing week for beans is wrong'] === 'Fixed' && st['Add a watering reminder'] === 'Open', 6, `report ${JSON.stringify(st)}`);
  },
  'filing a new ticket': async (page, url, account) => {
    await fsLogin(page, url, account);
    await fsNewTicket(page, url, { title: 'Show the moon phase in the calendar', type: 'Feature_Request', severity: 'Minor', text: 'Some gardeners sow by the moon.' });
    const t = await fsTicket(page);
    const com = await fsComments(page);
    must(t.Title === 'Show the moon phase in the calendar' && t.Status === 'Open' && t.Type === 'Feature_Request' && t.Severity === 'Minor' && com.includes('Some gardeners sow by the moon.'), 4, `ticket ${JSON.stringify(t)}`);
    await fsOpenReport(page, url);
    const rows = await fsReport(page);
    must(rows.length === 6 && rows.some((r) => r[5] === 'Show the moon phase in the calendar' && r[3] === 'Open'), 6, `rows ${rows.map((r) => r[5])}`);
  },
  'adding a remark to a freshly filed ticket': async (page, url, account) => {
    await fsLogin(page, url, account);
    await fsNewTicket(page, url, { title: 'Seed packets are not listed', type: 'Code_Defect', text: 'The seed packet page is empty.' });
    const t = await fsTicket(page);
    must(t.Status === 'Open' && t.Priority === '', 2, `ticket ${JSON.stringify(t)}`);
    await fsNav(page, fsSub(page, 'Edit'));
    await page.fill('textarea[name=icomment]', 'Confirmed on my machine.');
    await fsNav(page, page.locator('input[type=submit][name=preview]'));
    await fsNav(page, page.locator('input[type=submit][name=submit]'));
    const t2 = await fsTicket(page);
    must((await fsComments(page)).includes('Confirmed on my machine.'), 5, 'remark missing');
    // the defect: the edit form preselected "Immediate" for the empty priority and saved it
    must(t2.Priority === '', 5, `Priority is now "${t2.Priority}" (Resolution "${t2.Resolution}") although only a remark was added`);
  },
  'writing a new wiki page': async (page, url, account) => {
    await fsLogin(page, url, account);
    await fsNav(page, fsMenu(page, 'Wiki'));
    await page.goto(`${url}wcontent`);
    await fsNav(page, fsSub(page, 'New'));
    await page.fill('input[name=name]', 'Compost Notes');
    must((await page.inputValue('select[name=mimetype]')) === 'text/x-markdown', 2, 'markup not Markdown');
    await fsNav(page, page.locator('input[type=submit][value=Create]'));
    const ta = page.locator('textarea[name=content]');
    await ta.waitFor({ timeout: T });
    await ta.fill('Turn the compost heap every two weeks.');
    await Promise.all([page.waitForURL(/\/wiki\?name=Compost/, { timeout: T }), page.locator('button', { hasText: 'Save & Close' }).click()]);
    const c = await fsContent(page);
    must((await txt(page.locator('.title'))).includes('Compost Notes') && c.includes('Turn the compost heap every two weeks.'), 4, `page ${c.slice(0, 200)}`);
    await fsNav(page, fsMenu(page, 'Wiki'));
    await fsNav(page, page.locator('div.content a', { hasText: 'List of All Wiki Pages' }));
    const names = await page.locator('div.content table tbody tr td:first-child').allInnerTexts();
    must(same(names.map((s) => s.trim()), ['Compost Notes', 'Garden Planner', 'Harvest Log', 'Planting Guide']), 6, `pages ${names}`);
  },
};


// ------------------------------------------------------------------ roundcube

async function rcLogin(page, url, account) {
  await page.goto(url);
  await page.fill('#rcmloginuser', account.username);
  await page.fill('#rcmloginpwd', account.password);
  await page.click('#rcmloginsubmit');
  await page.locator('#messagelist tbody tr').first().waitFor({ timeout: T });
}
/** The message list as seen: subject, sender, date and the row's state. */
async function rcRows(page) {
  return page.locator('#messagelist tbody tr.message').evaluateAll((trs) => trs.filter((tr) => tr.style.display !== 'none' && tr.offsetParent !== null).map((tr) => ({
    subject: tr.querySelector('span.subject a')?.innerText.trim(),
    from: tr.querySelector('span.fromto')?.innerText.trim(),
    date: tr.querySelector('span.date')?.innerText.trim(),
    unread: tr.classList.contains('unread'),
    flagged: tr.classList.contains('flagged'),
    attach: Boolean(tr.querySelector('td.flags span.attachment span')),
  })));
}
const rcSubjects = async (page) => (await rcRows(page)).map((r) => r.subject);
/** Waits until the list shows exactly `want` subjects (in order). */
async function rcWaitSubjects(page, step, want) {
  await waitFor(step, `list should be ${want}`, async () => { const s = await rcSubjects(page); return same(s, want) || s; });
}
const rcUnread = async (page, mbox) => {
  const el = page.locator(`#mailboxlist a[rel="${mbox}"] span.unreadcount`);
  return (await el.count()) ? (await el.innerText()).trim() : '';
};
async function rcFolder(page, mbox, step) {
  const link = page.locator(`#mailboxlist a[rel="${mbox}"]`);
  await link.click({ timeout: T });
  let clicks = 1;
  await waitFor(step, `folder ${mbox} should open`, async () => {
    if ((await page.locator(`#mailboxlist li.selected > a[rel="${mbox}"]`).count()) === 1) return true;
    // a click made while the previous request was still busy is ignored by Roundcube: click again
    if (clicks < 5) { clicks++; await link.click({ timeout: T }).catch(() => {}); }
    return `selected: ${await page.locator('#mailboxlist li.selected > a').allInnerTexts()}`;
  });
}
const rcRow = (page, subject) => page.locator('#messagelist tbody tr.message', { has: page.locator('span.subject a', { hasText: subject }) });
async function rcSelect(page, subject) {
  await rcRow(page, subject).locator('span.subject a').click({ timeout: T });
  await page.frameLocator('#messagecontframe').locator('h2.subject').first().waitFor({ timeout: T });
}
const rcPreview = (page) => page.frameLocator('#messagecontframe').locator('body').innerText({ timeout: T });
const rcCount = (page) => txt(page.locator('#layout-list .pagenav .countdisplay, #rcmcountdisplay').first());
async function rcToolbar(page, cls) {
  await page.locator(`#toolbar-menu a.${cls}`).click({ timeout: T });
}
async function rcPopupItem(page, text) {
  await page.locator('.popover:visible a', { hasText: new RegExp(`^${text.replace(/[.]/g, '\\.')}$`) }).click({ timeout: T });
}

const ROUNDCUBE = {
  'signing in shows the inbox': async (page, url, account) => {
    await rcLogin(page, url, account);
    await waitFor(2, 'inbox with 7 messages', async () => (await page.locator('#mailboxlist li.selected a[rel="INBOX"]').count()) === 1 && (await rcRows(page)).length === 7 && (await rcCount(page)) === 'Messages 1 to 7 of 7' || await rcCount(page));
    await waitFor(3, 'unread counts', async () => { const c = [await rcUnread(page, 'INBOX'), await rcUnread(page, 'Junk')]; return same(c, ['2', '1']) || c; });
    const rows = await rcRows(page);
    must(rows[0].subject === 'Photos from the spring tour' && rows[0].from === 'Mira Lindqvist' && rows.at(-1).subject === 'Your repair is ready for pick-up', 4, `rows ${JSON.stringify(rows[0])}`);
  },
  'a wrong password': async (page, url) => {
    await page.goto(url);
    await page.fill('#rcmloginuser', 'qa');
    await page.fill('#rcmloginpwd', 'letmein');
    await page.click('#rcmloginsubmit');
    await waitFor(3, 'Login failed.', async () => (await page.locator('#messagestack').innerText()).includes('Login failed.') && (await page.locator('#rcmloginpwd').isVisible()));
  },
  'reading an unread message': async (page, url, account) => {
    await rcLogin(page, url, account);
    const r = (await rcRows(page)).find((x) => x.subject === "Route for Saturday's ride");
    const bold = await rcRow(page, "Route for Saturday's ride").locator('span.subject a').evaluate((a) => Number(getComputedStyle(a).fontWeight) >= 600);
    must(r?.unread && bold, 2, `row ${JSON.stringify(r)} bold ${bold}`);
    await rcSelect(page, "Route for Saturday's ride");
    const p = await rcPreview(page);
    must(p.includes("Route for Saturday's ride") && p.includes('Mira Lindqvist') && p.includes('river loop: 62 km'), 4, `preview ${p.slice(0, 300)}`);
    await waitFor(5, 'inbox unread 1', async () => (await rcUnread(page, 'INBOX')) === '1' || await rcUnread(page, 'INBOX'));
  },
  'a message with an attachment': async (page, url, account) => {
    await rcLogin(page, url, account);
    const r = (await rcRows(page)).find((x) => x.subject === 'Membership fees 2024');
    must(r?.flagged && r.attach, 2, `row ${JSON.stringify(r)}`);
    await rcSelect(page, 'Membership fees 2024');
    const f = page.frameLocator('#messagecontframe');
    const att = await f.locator('#attachment-list li').allInnerTexts();
    const p = await rcPreview(page);
    must(att.some((a) => a.includes('fees-2024.csv')) && p.includes('Adults pay 45 EUR, juniors 20 EUR.'), 4, `att ${att} ${p.slice(0, 300)}`);
  },
  'the html newsletter': async (page, url, account) => {
    await rcLogin(page, url, account);
    await rcSelect(page, 'April newsletter');
    const f = page.frameLocator('#messagecontframe');
    const h1 = await f.locator('#messagebody h1').allInnerTexts();
    const li = await f.locator('#messagebody li').allInnerTexts();
    must(h1.includes('April newsletter') && li.includes('Distance: 85 km') && li.includes('Meeting point: Old Bridge car park'), 2, `h1 ${h1} li ${li}`);
  },
  'searching the inbox': async (page, url, account) => {
    await rcLogin(page, url, account);
    await page.fill('#mailsearchform', 'Tomas');
    await page.press('#mailsearchform', 'Enter');
    await rcWaitSubjects(page, 3, ['Membership fees 2024', 'Committee meeting agenda']);
    await page.locator('#layout-list .searchbar a.button.reset').click();
    await waitFor(5, '7 messages again', async () => (await rcRows(page)).length === 7);
  },
  'showing only unread mail': async (page, url, account) => {
    await rcLogin(page, url, account);
    await page.locator('#layout-list .searchbar a.button.unread').click();
    await rcWaitSubjects(page, 3, ['Photos from the spring tour', "Route for Saturday's ride"]);
  },
  'the club folders': async (page, url, account) => {
    await rcLogin(page, url, account);
    await rcFolder(page, 'Archive', 1);
    await rcWaitSubjects(page, 2, ['Christmas dinner booking', 'Autumn ride results']);
    await rcFolder(page, 'Club/Events', 3);
    await rcWaitSubjects(page, 4, ['Volunteers for the charity ride', 'Summer tour dates']);
    const dates = (await rcRows(page)).map((r) => r.date);
    must(dates.every((d) => d.startsWith('2024-02')), 4, `dates ${dates}`);
  },
  'flagging a message': async (page, url, account) => {
    await rcLogin(page, url, account);
    await rcSelect(page, 'Committee meeting agenda');
    await rcToolbar(page, 'markmessage');
    await rcPopupItem(page, 'As flagged');
    await waitFor(3, 'flagged', async () => { const r = await rcRows(page); return r.find((x) => x.subject === 'Committee meeting agenda')?.flagged && r.find((x) => x.subject === 'Membership fees 2024')?.flagged; });
  },
  'marking a read message as unread again': async (page, url, account) => {
    await rcLogin(page, url, account);
    await rcSelect(page, 'Your repair is ready for pick-up');
    await rcToolbar(page, 'markmessage');
    await rcPopupItem(page, 'As unread');
    await waitFor(3, 'unread and count 3', async () => (await rcRows(page)).find((x) => x.subject === 'Your repair is ready for pick-up')?.unread && (await rcUnread(page, 'INBOX')) === '3');
  },
  'deleting a message moves it to the trash': async (page, url, account) => {
    await rcLogin(page, url, account);
    await rcSelect(page, 'Your repair is ready for pick-up');
    await rcToolbar(page, 'delete');
    await waitFor(2, '6 messages left', async () => { const s = await rcSubjects(page); return (s.length === 6 && !s.includes('Your repair is ready for pick-up')) || s; });
    await rcFolder(page, 'Trash', 3);
    await rcWaitSubjects(page, 4, ['Your repair is ready for pick-up']);
  },
  'moving a message to another folder': async (page, url, account) => {
    await rcLogin(page, url, account);
    await rcSelect(page, 'Re: Lost water bottle');
    await rcToolbar(page, 'more');
    await rcPopupItem(page, 'Move to...');
    await page.locator('#folder-selector li a', { hasText: /^Archive$/ }).click({ timeout: T });
    await waitFor(3, '6 messages left', async () => { const s = await rcSubjects(page); return (s.length === 6 && !s.includes('Re: Lost water bottle')) || s; });
    await rcFolder(page, 'Archive', 4);
    await rcWaitSubjects(page, 5, ['Re: Lost water bottle', 'Christmas dinner booking', 'Autumn ride results']);
  },
  'sending a message to yourself': async (page, url, account) => {
    await rcLogin(page, url, account);
    await page.locator('#taskmenu a.compose').click();
    const to = page.locator('#compose_to input, .recipient-input input').first();
    await to.waitFor({ timeout: T });
    await to.fill('qa@example.com');
    await page.fill('#compose-subject', 'Club ride reminder');
    await page.fill('#composebody', 'Bring lights, we come back after sunset.');
    await page.locator('.formbuttons button.send, #rcmbtn_send, a.send, button.btn.send').first().click();
    await page.locator('#mailboxlist').waitFor({ timeout: T });
    await page.locator('#messagelist tbody tr').first().waitFor({ timeout: T });
    await rcFolder(page, 'Sent', 4);
    await rcWaitSubjects(page, 4, ['Club ride reminder', 'Lost water bottle']);
    await rcFolder(page, 'INBOX', 5);
    await waitFor(6, 'new message in inbox', async () => {
      const r = (await rcRows(page))[0];
      if (r?.subject === 'Club ride reminder') return r.unread && r.from === 'Quinn Avery';
      await page.locator('#layout-list a.refresh, a.button.refresh').first().click();
      await page.waitForTimeout(500);
      return r?.subject;
    });
  },
  'replying to a message': async (page, url, account) => {
    await rcLogin(page, url, account);
    await rcSelect(page, 'Re: Lost water bottle');
    await rcToolbar(page, 'reply');
    await page.locator('#compose-subject').waitFor({ timeout: T });
    await waitFor(2, 'reply form', async () => {
      const to = await txt(page.locator('#compose_to .recipient-input, #compose_to').first());
      const subj = await page.inputValue('#compose-subject');
      return (to.includes('Priya Shah') && subj === 'Re: Lost water bottle') || `${to} / ${subj}`;
    });
    const body = await page.inputValue('#composebody');
    must(body.includes('> yes, the green bottle is mine!'), 3, `body ${body.slice(0, 300)}`);
  },
  'the address book': async (page, url, account) => {
    await rcLogin(page, url, account);
    await page.locator('#taskmenu a.contacts').click();
    const names = () => page.locator('#contacts-table tbody tr').allInnerTexts().then((a) => a.map((s) => s.trim()));
    await waitFor(2, '4 contacts in order', async () => { const n = await names(); return same(n, ['Jonas Berg', 'Mira Lindqvist', 'Tomas Rivera', 'Priya Shah']) || n; });
    await page.locator('#contacts-table tbody tr', { hasText: 'Mira Lindqvist' }).click();
    await waitFor(4, 'contact card', async () => { const b = await page.frameLocator('#contact-frame').locator('body').innerText(); return (b.includes('mira@example.com') && b.includes('+46 70 123 45 67')) || b.slice(0, 200); });
    await page.locator('#directorylist li.contactgroup a', { hasText: 'Committee' }).click();
    await waitFor(6, 'committee members', async () => { const n = await names(); return same(n, ['Mira Lindqvist', 'Tomas Rivera']) || n; });
  },
  'adding a contact': async (page, url, account) => {
    await rcLogin(page, url, account);
    await page.locator('#taskmenu a.contacts').click();
    await page.locator('#contacts-table tbody tr').first().waitFor({ timeout: T });
    await page.locator('#toolbar-menu a.create').click();
    const f = page.frameLocator('#contact-frame');
    await f.locator('#ff_firstname').waitFor({ timeout: T });
    await f.locator('#ff_firstname').fill('Elena');
    await f.locator('#ff_surname').fill('Novak');
    await f.locator('#ff_email0').fill('elena.novak@example.org');
    await f.locator('.formbuttons button.submit, button.btn-primary.submit, #rcmbtn_save').first().click().catch(async () => page.locator('.formbuttons button.submit').first().click());
    await waitFor(3, 'saved', async () => {
      const msg = await page.locator('#messagestack').innerText();
      const n = await page.locator('#contacts-table tbody tr').allInnerTexts();
      return (msg.includes('Successfully saved.') && n.length === 5 && n.some((s) => s.includes('Elena Novak'))) || `${msg} ${n}`;
    });
  },
};


// ------------------------------------------------------------------ wordpress

async function wpNav(page, loc) {
  await Promise.all([page.waitForNavigation({ timeout: T }), loc.click({ timeout: T })]);
}
async function wpLogin(page, url, account) {
  await page.goto(`${url}wp-login.php`);
  await page.fill('#user_login', account.username);
  await page.fill('#user_pass', account.password);
  await wpNav(page, page.locator('#wp-submit'));
  await page.locator('#wpadminbar').waitFor({ timeout: T });
}
const wpTitles = (page) => page.locator('main article .entry-title').allInnerTexts().then((a) => a.map((s) => s.trim()));
/** The status links of a list screen as {label: count}. */
async function wpCounts(page) {
  const links = await page.locator('ul.subsubsub li').allInnerTexts();
  return Object.fromEntries(links.map((l) => /([^(|]+)\((\d+)\)/.exec(l)).filter(Boolean).map((m) => [m[1].trim(), m[2]]));
}
const wpRowTitles = (page) => page.locator('#the-list tr .row-title').allInnerTexts().then((a) => a.map((s) => s.trim()));
const wpItems = (page) => txt(page.locator('.tablenav.top .displaying-num'));
async function wpMenu(page, name) {
  await wpNav(page, page.locator('#adminmenu > li > a', { hasText: new RegExp(`^${name}`) }));
}

const WORDPRESS = {
  "the library's front page": async (page, url) => {
    await page.goto(url);
    const title = norm(await page.locator('.site-title').textContent()); // shown in capitals by the theme's CSS
    const desc = await txt(page.locator('.site-description'));
    must(title === 'Harbour Town Library' && desc === 'News and events from your local library', 2, `header ${title} / ${desc}`);
    const t = await wpTitles(page);
    must(t.length === 5 && t[0] === 'Review: Gardens of the North' && t.at(-1) === 'New opening hours from April' && !t.includes('Ideas for the summer reading club'), 3, `posts ${t}`);
  },
  'reading a post and its comments': async (page, url) => {
    await page.goto(url);
    await wpNav(page, page.locator('main .entry-title a', { hasText: 'Story time for children every Wednesday' }));
    const meta = await txt(page.locator('main article footer.entry-footer').first());
    const head = await txt(page.locator('#comments .comments-title'));
    must(meta.includes('By Lena Fischer') && meta.includes('Published March 22, 2024') && head === '1 comment', 2, `meta ${meta} head ${head}`);
    const c = await txt(page.locator('#comments .comment-list'));
    must(c.includes('Ben Moreau') && c.includes('My daughter loved it last week!') && !c.includes('Sofia Marin') && !c.includes('Spanish'), 3, `comments ${c}`);
  },
  'a category archive': async (page, url) => {
    await page.goto(url);
    const art = page.locator('main article', { has: page.locator('.entry-title', { hasText: 'Review: The Lighthouse Keeper' }) });
    await wpNav(page, art.locator('.cat-links a', { hasText: 'Book Reviews' }));
    const h = await txt(page.locator('.page-header .page-title'));
    const d = await txt(page.locator('.page-header .archive-description'));
    const t = await wpTitles(page);
    must(h === 'Category: Book Reviews' && d === 'What our staff are reading' && same(t, ['Review: Gardens of the North', 'Review: The Lighthouse Keeper']), 2, `${h} / ${d} / ${t}`);
  },
  'searching the website': async (page, url) => {
    await page.goto(url);
    const box = page.locator('footer .widget_search input[type=search], .widget_search input[type=search]').first();
    await box.fill('reading');
    await wpNav(page, page.locator('.widget_search input[type=submit], .widget_search button[type=submit]').first());
    const h = await txt(page.locator('.page-header .page-title'));
    const found = await txt(page.locator('.search-result-count'));
    must(h === 'Results for "reading"' && found === 'We found 1 result for your search.', 2, `${h} / ${found}`);
    const t = await wpTitles(page);
    must(same(t, ['Story time for children every Wednesday']), 3, `results ${t}`);
  },
  'a visitor leaves a comment': async (page, url) => {
    await page.goto(url);
    await wpNav(page, page.locator('main .entry-title a', { hasText: 'New opening hours from April' }));
    await page.fill('#comment', 'Will the library be open on Easter Monday?');
    await page.fill('#author', 'Tom Green');
    await page.fill('#email', 'tom@example.com');
    await wpNav(page, page.locator('#submit'));
    const c = await txt(page.locator('#comments'));
    must(c.includes('Tom Green') && c.includes('Your comment is awaiting moderation.') && c.includes('Will the library be open on Easter Monday?'), 3, `comments ${c.slice(0, 400)}`);
  },
  'signing in to the dashboard': async (page, url, account) => {
    await wpLogin(page, url, account);
    const h = await txt(page.locator('#wpbody h1'));
    const howdy = await txt(page.locator('#wp-admin-bar-my-account > a.ab-item'));
    must(h === 'Dashboard' && howdy.startsWith('Howdy, Quinn Avery'), 2, `${h} / ${howdy}`);
    const g = await page.locator('#dashboard_right_now .main li').allInnerTexts();
    must(['5 Posts', '2 Pages', '2 Comments', '2 Comments in moderation'].every((x) => g.map((s) => s.trim()).includes(x)), 3, `glance ${g}`);
  },
  'a wrong password is rejected': async (page, url) => {
    await page.goto(`${url}wp-login.php`);
    await page.fill('#user_login', 'qa');
    await page.fill('#user_pass', 'open-sesame');
    await wpNav(page, page.locator('#wp-submit'));
    const e = await txt(page.locator('#login_error'));
    must(e.startsWith('Error: The password you entered for the username qa is incorrect.') && (await page.locator('#loginform').count()) === 1, 3, `error ${e}`);
  },
  'the list of posts in the admin': async (page, url, account) => {
    await wpLogin(page, url, account);
    await wpMenu(page, 'Posts');
    const c = await wpCounts(page);
    must(same(c, { All: '6', Mine: '2', Published: '5', Draft: '1' }) && (await wpItems(page)) === '6 items', 2, `counts ${JSON.stringify(c)}`);
    const first = page.locator('#the-list tr').first();
    const firstTitle = await txt(first.locator('td.title strong'));
    const author = await txt(first.locator('td.author'));
    const sale = page.locator('#the-list tr', { has: page.locator('.row-title', { hasText: 'Book sale in the main hall' }) });
    const cats = await txt(sale.locator('td.categories'));
    const tags = await txt(sale.locator('td.tags'));
    must(firstTitle === 'Ideas for the summer reading club — Draft' && author === 'Quinn Avery' && cats === 'Events, News' && tags === 'sale', 3, `${firstTitle} / ${author} / ${cats} / ${tags}`);
  },
  'filtering posts by category': async (page, url, account) => {
    await wpLogin(page, url, account);
    await page.goto(`${url}wp-admin/edit.php`);
    await page.selectOption('#cat', { label: 'Book Reviews' });
    await wpNav(page, page.locator('#post-query-submit'));
    const t = await wpRowTitles(page);
    const authors = await page.locator('#the-list td.author').allInnerTexts();
    must(same(t, ['Review: Gardens of the North', 'Review: The Lighthouse Keeper']) && authors.every((a) => a.trim() === 'Omar Haddad') && (await wpItems(page)) === '2 items', 3, `rows ${t} ${authors}`);
  },
  'approving a pending comment': async (page, url, account) => {
    await wpLogin(page, url, account);
    await wpMenu(page, 'Comments');
    const c = await wpCounts(page);
    must(c.All === '4' && c.Pending === '2' && c.Approved === '2' && c.Spam === '1', 2, `counts ${JSON.stringify(c)}`);
    const row = page.locator('#the-comment-list tr', { hasText: 'Is there also a session in Spanish?' });
    await row.hover();
    await row.locator('span.approve a').click();
    await waitFor(4, 'counts after approving', async () => {
      const k = await wpCounts(page);
      const bubble = (await page.locator('#menu-comments .awaiting-mod .pending-count').innerText()).trim();
      return (k.Pending === '1' && k.Approved === '3' && bubble === '1') || `${JSON.stringify(k)} bubble ${bubble}`;
    });
  },
  'marking a comment as spam': async (page, url, account) => {
    await wpLogin(page, url, account);
    await wpMenu(page, 'Comments');
    const row = page.locator('#the-comment-list tr', { hasText: 'Can I bring books to donate before the sale?' });
    await row.hover();
    await row.locator('span.spam a').click();
    await waitFor(3, 'spam counts', async () => {
      const k = await wpCounts(page);
      const gone = !(await page.locator('#the-comment-list tr:visible', { hasText: 'Can I bring books to donate' }).count()) || (await page.locator('#the-comment-list tr:visible', { hasText: 'Can I bring books to donate' }).innerText()).includes('marked as spam');
      return (k.All === '3' && k.Pending === '1' && k.Spam === '2' && gone) || JSON.stringify(k);
    });
    await wpNav(page, page.locator('ul.subsubsub a', { hasText: /^Spam/ }));
    const authors = await page.locator('#the-comment-list td.column-author strong').allInnerTexts();
    must(authors.length === 2 && authors.some((a) => a.includes('Harriet Cole')) && authors.some((a) => a.includes('Cheap Watches')), 5, `spam ${authors}`);
  },
  'saving a quick draft': async (page, url, account) => {
    await wpLogin(page, url, account);
    await page.fill('#title', 'Board game evening');
    await page.fill('#content', 'Every first Friday of the month from 18:00.');
    await page.locator('#quick-press #save-post').click();
    await waitFor(3, 'recent drafts', async () => {
      const d = await page.locator('#dashboard_quick_press .drafts li a').allInnerTexts();
      return (d[0]?.includes('Board game evening') && d[1]?.includes('Ideas for the summer reading club')) || d;
    });
    await wpMenu(page, 'Posts');
    must((await wpCounts(page)).Drafts === '2', 5, `counts ${JSON.stringify(await wpCounts(page))}`);
  },
  'publishing a draft with quick edit': async (page, url, account) => {
    await wpLogin(page, url, account);
    await wpMenu(page, 'Posts');
    const row = page.locator('#the-list tr', { has: page.locator('.row-title', { hasText: 'Ideas for the summer reading club' }) });
    await row.hover();
    await row.locator('button.editinline').click();
    const qe = page.locator('#the-list tr.inline-editor');
    await qe.locator('select[name=_status]').selectOption('publish');
    await qe.locator('button.save').click();
    await waitFor(3, 'row published', async () => {
      const r = page.locator('#the-list tr:not(.inline-editor)', { has: page.locator('.row-title', { hasText: 'Ideas for the summer reading club' }) });
      if (!(await r.count())) return 'no row';
      const t = await txt(r.locator('td.title strong'));
      const d = await txt(r.locator('td.date'));
      return (!t.includes('Draft') && d.startsWith('Published')) || `${t} / ${d}`;
    });
    await page.reload();
    const c = await wpCounts(page);
    must(c.Published === '6' && c.Draft === undefined, 5, `counts ${JSON.stringify(c)}`);
  },
  'adding a subcategory': async (page, url, account) => {
    await wpLogin(page, url, account);
    await page.goto(`${url}wp-admin/edit-tags.php?taxonomy=category`);
    await page.fill('#tag-name', 'Workshops');
    await page.selectOption('#parent', { label: 'Events' });
    await page.locator('#submit').click();
    await waitFor(3, 'Workshops row', async () => {
      const rows = await page.locator('#the-list tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('.row-title')?.innerText.trim(), tr.querySelector('td.posts')?.innerText.trim()]));
      const i = rows.findIndex((r) => r[0] === '— Workshops');
      const ev = rows.findIndex((r) => r[0] === 'Events');
      return (rows.length === 5 && i > ev && ev >= 0 && rows[i][1] === '0') || JSON.stringify(rows);
    });
    // the defect: the table now has 5 rows but its item count still says 4 (not updated after the AJAX add)
    const n = await wpItems(page);
    must(n === '5 items', 3, `the table lists 5 categories but says "${n}"`);
  },
  'removing a tag': async (page, url, account) => {
    await wpLogin(page, url, account);
    await page.goto(`${url}wp-admin/edit.php`);
    await wpNav(page, page.locator('#adminmenu a', { hasText: /^Tags$/ }));
    const names = await wpRowTitles(page);
    must(same(names, ['children', 'novel', 'opening hours', 'reading', 'sale']) && (await wpItems(page)) === '5 items', 2, `tags ${names}`);
    const row = page.locator('#the-list tr', { has: page.locator('.row-title', { hasText: /^novel$/ }) });
    await row.hover();
    page.once('dialog', (d) => d.accept());
    await row.locator('a.delete-tag').click();
    await waitFor(4, 'novel removed', async () => { const n = await wpRowTitles(page); return same(n, ['children', 'opening hours', 'reading', 'sale']) || n; });
    // the defect: the table has 4 rows but its item count still says 5
    const n = await wpItems(page);
    must(n === '4 items', 4, `the table lists 4 tags but says "${n}"`);
  },
  'changing the tagline': async (page, url, account) => {
    await wpLogin(page, url, account);
    await page.goto(`${url}wp-admin/options-general.php`);
    await page.fill('#blogdescription', 'Books, films and board games for everyone');
    await wpNav(page, page.locator('#submit'));
    const n = await txt(page.locator('#setting-error-settings_updated, .notice-success').first());
    must(n.includes('Settings saved.') && (await page.inputValue('#blogdescription')) === 'Books, films and board games for everyone', 3, `notice ${n}`);
    await page.goto(url);
    must((await txt(page.locator('.site-description'))) === 'Books, films and board games for everyone', 5, 'tagline not updated');
  },
};

// ------------------------------------------------------------------ all

export const SCRIPTS = { ...FOSSIL, ...ROUNDCUBE, ...WORDPRESS };
