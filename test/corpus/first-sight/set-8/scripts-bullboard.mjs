// Hand-written Playwright scripts for the bull-board plans of set 8 (checks read what the page shows).
import { T, must, waitFor, txt } from '../kit.mjs';

async function open(page, url, path = '') {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url + path);
  await page.locator('aside nav a', { hasText: 'render-pdf' }).waitFor();
}
const cards = (page) => page.locator('main div[class^="card-"]');
const card = (page, name) => cards(page).filter({ has: page.locator('span[class^=jobNameInline]', { hasText: new RegExp(`^${name}$`) }) });
const names = async (page) => (await cards(page).locator('span[class^=jobNameInline]').allInnerTexts()).map((s) => s.trim());
const ids = async (page) => (await cards(page).locator('span[class^=jobId]').allInnerTexts()).map((s) => s.trim());
/** The status tabs as { LATEST: '', WAITING: '3', … } (the count is '' when the tab shows none). */
const tabs = (page) => page.locator('ul[class^=statusTabs] li a').evaluateAll((as) => Object.fromEntries(as.map((a) => [a.querySelector('span[data-text]').dataset.text, a.querySelector('span[class^=badge]')?.innerText.trim() ?? ''])));
const tab = async (page, name) => { await page.locator('ul[class^=statusTabs] li a', { has: page.locator(`span[data-text="${name}"]`) }).click(); };
const sidebar = async (page) => (await page.locator('aside nav a').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
async function jobButton(page, name, tooltip) {
  const buttons = card(page, name).locator('ul[class^=jobActions] button');
  const n = await buttons.count();
  for (let i = 0; i < n; i++) {
    await buttons.nth(i).hover();
    const tip = page.locator('div[data-side][class^=popup]');
    const ok = await tip.filter({ hasText: new RegExp(`^${tooltip}$`) }).first().waitFor({ timeout: 1500 }).then(() => true, () => false);
    if (ok) { await page.mouse.move(5, 790); return buttons.nth(i); }
  }
  throw new Error(`no ${tooltip} button on ${name}`);
}
async function confirm(page) {
  const d = page.getByRole('alertdialog');
  await d.getByText('Are you sure?').first().waitFor();
  await d.getByRole('button', { name: 'Confirm' }).click();
  await d.waitFor({ state: 'hidden' });
}
async function queueMenu(page, item) {
  await page.locator('div[class^=trailing] button[aria-haspopup=menu]').click();
  await page.getByRole('menuitem', { name: item }).click();
}
async function setEditor(page, editor, text) {
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
const cardText = async (page, name) => txt(card(page, name));

export const BULLBOARD = {
  'the three print queues on the dashboard': async (page, url) => {
    await open(page, url);
    await waitFor(2, 'three queues, nightly-backup paused', async () => JSON.stringify(await sidebar(page)) === JSON.stringify(['render-pdf', 'send-email', 'nightly-backup [ Paused ]']));
    await waitFor(3, 'render-pdf card 5 jobs 2 failed; send-email 4 jobs', async () => {
      const main = await txt(page.locator('main'));
      return /render-pdf No workers FAILED 2 5 Jobs/.test(main) && /send-email No workers 4 Jobs/.test(main);
    });
  },
  'narrowing the queue list': async (page, url) => {
    await open(page, url);
    await page.getByPlaceholder('Filter queues').pressSequentially('mail');
    await waitFor(2, 'only send-email', async () => JSON.stringify(await sidebar(page)) === JSON.stringify(['send-email']));
  },
  'why two renders failed': async (page, url) => {
    await open(page, url, 'queue/render-pdf');
    await tab(page, 'FAILED');
    await waitFor(2, 'two failed jobs in order', async () => JSON.stringify(await ids(page)) === '["#5","#3"]' && JSON.stringify(await names(page)) === '["wedding-invitation","business-cards"]');
    await waitFor(3, 'Garamond Pro error', async () => (await cardText(page, 'business-cards')).includes("Error: Font 'Garamond Pro' is not installed on the print server"));
  },
  'a finished brochure': async (page, url) => {
    await open(page, url, 'queue/render-pdf');
    await tab(page, 'COMPLETED');
    await waitFor(2, 'menu, poster, brochure', async () => JSON.stringify(await names(page)) === '["menu","poster","brochure"]');
    await waitFor(3, 'brochure data', async () => {
      const t = await cardText(page, 'brochure');
      return t.includes('order:"HP-1041"') && t.includes('customer:"Tidewater Cafe"') && /returnValue:\{ file:"HP-1041.pdf"/.test(t);
    });
  },
  'giving the business cards another go': async (page, url) => {
    await open(page, url, 'queue/render-pdf');
    await tab(page, 'FAILED');
    await card(page, 'business-cards').waitFor();
    await (await jobButton(page, 'business-cards', 'Retry')).click();
    await confirm(page);
    await waitFor(3, 'failed 1 waiting 1', async () => {
      const t = await tabs(page);
      return t.FAILED === '1' && t.WAITING === '1' && JSON.stringify(await names(page)) === '["wedding-invitation"]';
    });
    await tab(page, 'WAITING');
    await waitFor(4, 'business-cards waiting', async () => JSON.stringify(await names(page)) === '["business-cards"]');
  },
  'retry every failed render at once': async (page, url) => {
    await open(page, url, 'queue/render-pdf');
    await tab(page, 'FAILED');
    await card(page, 'business-cards').waitFor();
    await page.getByRole('button', { name: 'Retry all' }).click();
    await confirm(page);
    await waitFor(2, 'no failed, waiting 2', async () => {
      const t = await tabs(page);
      return t.FAILED === '' && t.WAITING === '2' && (await cards(page).count()) === 0;
    });
  },
  'cleaning up completed renders': async (page, url) => {
    await open(page, url, 'queue/render-pdf');
    await tab(page, 'COMPLETED');
    await card(page, 'brochure').waitFor();
    await page.getByRole('button', { name: 'Clean all' }).click();
    await confirm(page);
    await waitFor(3, 'no completed jobs message', async () => { const t = await txt(page.locator('main')); return (t.includes('No completed jobs in this queue.') && (await names(page)).length === 0) || t; });
    await waitFor(4, 'failed still 2', async () => (await tabs(page)).FAILED === '2');
  },
  'adding a newsletter job by hand': async (page, url) => {
    await open(page, url, 'queue/send-email');
    await queueMenu(page, 'Add job');
    const dlg = page.getByRole('dialog');
    await dlg.locator('#job-name').fill('newsletter');
    await setEditor(page, dlg.locator('.cm-content').first(), '{"issue": 12}');
    await dlg.getByRole('button', { name: 'Add', exact: true }).click();
    await waitFor(3, 'dialog closed, waiting 4', async () => (await dlg.count()) === 0 && (await tabs(page)).WAITING === '4');
    await tab(page, 'WAITING');
    await waitFor(4, 'newsletter first with issue 12', async () => (await names(page))[0] === 'newsletter' && (await txt(cards(page).first())).includes('jobData:{ issue:12 }'));
  },
  'sending the pickup reminder now': async (page, url) => {
    await open(page, url, 'queue/send-email');
    await tab(page, 'DELAYED');
    await waitFor(2, 'pickup-reminder runs tomorrow', async () => {
      if (JSON.stringify(await names(page)) !== '["pickup-reminder"]') return false;
      const t = await cardText(page, 'pickup-reminder');
      const d = new Date(Date.now() + 24 * 3600 * 1000);
      return t.includes(`Will run at ${d.getMonth() + 1}/${d.getDate()},`);
    });
    await (await jobButton(page, 'pickup-reminder', 'Promote')).click();
    await confirm(page);
    await waitFor(4, 'delayed empty, waiting 4', async () => {
      const t = await tabs(page);
      return t.DELAYED === '' && t.WAITING === '4' && (await cards(page).count()) === 0;
    });
    await tab(page, 'WAITING');
    await waitFor(4, 'pickup-reminder waiting', async () => (await names(page)).includes('pickup-reminder'));
  },
  'fixing the invoice recipient': async (page, url) => {
    await open(page, url, 'queue/send-email');
    await tab(page, 'WAITING');
    await card(page, 'invoice').waitFor();
    await (await jobButton(page, 'invoice', 'Update Data')).click();
    const dlg = page.getByRole('dialog');
    await dlg.getByText('Update job data').waitFor();
    const ed = dlg.locator('.cm-content').first();
    await setEditor(page, ed, '{\n  "to": "billing@gullferry.example",\n  "order": "HP-1042",\n  "amount": "184.00"\n}');
    await dlg.getByRole('button', { name: 'Update' }).click();
    await waitFor(3, 'new address', async () => {
      const t = await cardText(page, 'invoice');
      return t.includes('to:"billing@gullferry.example"') && t.includes('order:"HP-1042"') && t.includes('amount:"184.00"');
    });
  },
  'holding outgoing mail': async (page, url) => {
    await open(page, url, 'queue/send-email');
    await queueMenu(page, 'Pause');
    await confirm(page);
    await waitFor(2, 'send-email paused', async () => JSON.stringify(await sidebar(page)) === JSON.stringify(['render-pdf', 'send-email [ Paused ]', 'nightly-backup [ Paused ]']));
    await waitFor(3, 'paused 3, waiting none', async () => { const t = await tabs(page); return t.PAUSED === '3' && t.WAITING === ''; });
  },
  'letting the backups run again': async (page, url) => {
    await open(page, url, 'queue/nightly-backup');
    await waitFor(2, 'paused 2', async () => (await tabs(page)).PAUSED === '2');
    await tab(page, 'PAUSED');
    await waitFor(2, 'two archive jobs', async () => JSON.stringify(await names(page)) === '["archive-invoices","archive-proofs"]');
    await queueMenu(page, 'Resume');
    await confirm(page);
    await waitFor(4, 'not paused', async () => JSON.stringify(await sidebar(page)) === JSON.stringify(['render-pdf', 'send-email', 'nightly-backup']));
    await waitFor(4, 'two waiting', async () => { const t = await tabs(page); return t.WAITING === '2' && t.PAUSED === ''; });
  },
  'emptying the send-email queue': async (page, url) => {
    await open(page, url, 'queue/send-email');
    await queueMenu(page, 'Empty');
    await confirm(page);
    await waitFor(2, 'no waiting, delayed 1', async () => { const t = await tabs(page); return t.WAITING === '' && t.DELAYED === '1'; });
    await page.getByText('Harbor Print Works', { exact: true }).first().click();
    await waitFor(4, 'send-email card 1 Job', async () => /send-email No workers 1 Job\b/.test(await txt(page.locator('main'))) || (await txt(page.locator('main'))).slice(-120));
  },
  'copying the proof-ready notice': async (page, url) => {
    await open(page, url, 'queue/send-email');
    await tab(page, 'WAITING');
    await card(page, 'proof-ready').waitFor();
    await (await jobButton(page, 'proof-ready', 'Duplicate')).click();
    const dlg = page.getByRole('dialog');
    await waitFor(2, 'duplicate dialog prefilled', async () => (await txt(dlg.getByRole('heading'))) === 'Duplicate job'
      && (await txt(dlg.getByRole('combobox'))) === 'send-email' && (await dlg.locator('#job-name').inputValue()) === 'proof-ready'
      && (await txt(dlg.locator('.cm-content').first())).includes('"to": "marta.okafor@example.org"'));
    await dlg.getByRole('button', { name: 'Duplicate' }).click();
    await waitFor(4, 'two proof-ready', async () => (await tabs(page)).WAITING === '4' && (await names(page)).filter((n) => n === 'proof-ready').length === 2);
  },
  'dropping an order confirmation': async (page, url) => {
    await open(page, url, 'queue/send-email');
    await tab(page, 'WAITING');
    await card(page, 'order-confirmation').waitFor();
    await (await jobButton(page, 'order-confirmation', 'Clean')).click();
    await confirm(page);
    await waitFor(2, 'gone', async () => JSON.stringify(await names(page)) === '["invoice","proof-ready"]' && (await tabs(page)).WAITING === '2');
  },
  'switching the board to British English': async (page, url) => {
    await open(page, url, 'queue/render-pdf');
    await page.locator('header button').last().click();
    const dlg = page.getByRole('dialog');
    await waitFor(2, 'settings en-US 5 seconds', async () => { const t = await txt(dlg); return t.includes('Language en-US') && t.includes('Polling interval 5 seconds'); });
    await dlg.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'en-GB' }).click();
    await dlg.getByRole('button', { name: 'Close' }).click();
    await waitFor(4, 'PRIORITISED', async () => { const t = await tabs(page); return 'PRIORITISED' in t && !('PRIORITIZED' in t); });
  },
  'progress of a finished render': async (page, url) => {
    await open(page, url, 'queue/render-pdf');
    await tab(page, 'COMPLETED');
    await waitFor(2, 'menu shows 100%', async () => (await cardText(page, 'menu')).includes('100%'));
    await card(page, 'menu').getByRole('tab', { name: 'Progress' }).click();
    await waitFor(4, 'progress tab shows 100', async () => {
      const panel = await txt(card(page, 'menu').getByRole('tabpanel'));
      return /\b100\b/.test(panel) && !panel.includes('No progress data');
    }, 3000);
  },
};
