// Hand-written scripts for tomselect.plans (Tom Select 2.6.2 + flatpickr 4.6.13, Riverside Pottery Studio).
import { T, must, txt, waitFor } from '../kit.mjs';

async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-loaded=yes]', { timeout: T });
}
const cal = (page) => page.locator('.flatpickr-calendar.open');
const day = (page, label) => cal(page).locator(`.flatpickr-day[aria-label="${label}"]`);
const datesBox = (page) => page.locator('#dates + input'); // flatpickr's visible alt input
const tagBox = (page) => page.locator('.ts-control:has(#interests-ts-control)');
const tags = async (page) => (await tagBox(page).locator('> .item').evaluateAll((els) => els.map((e) => e.firstChild.textContent.trim())));
const dropdown = (page, id) => page.locator(`#${id}-ts-dropdown`);

async function chooseWorkshop(page, typed, name) {
  await page.locator('#workshop-ts-control').click();
  if (typed) {
    await page.locator('#workshop-ts-control').pressSequentially(typed);
    // Tom Select refreshes its list 300 ms after the last key (refreshThrottle); a pick before that reopens the list.
    await page.waitForTimeout(400);
  }
  await dropdown(page, 'workshop').locator('.option', { hasText: name }).click();
  await waitFor(0, 'workshop chosen', async () => (await txt(page.locator('.ts-wrapper.single .ts-control .item'))) === name);
}
async function pickDates(page, first, last) {
  await datesBox(page).click();
  await cal(page).waitFor();
  await day(page, first).click();
  await day(page, last).click();
}
const summary = async (page, id) => txt(page.locator(`#s-${id}`));

export const TOMSELECT = {
  'booking a raku evening': async (page, url) => {
    await open(page, url);
    await page.fill('#name', 'Ada Lovelace');
    await page.fill('#email', 'ada@example.org');
    await chooseWorkshop(page, 'raku', 'Raku firing evening');
    await pickDates(page, 'May 11, 2027', 'May 13, 2027');
    await page.click('#book');
    await waitFor(5, 'the summary', async () => page.locator('#summary').isVisible());
    const got = [await summary(page, 'workshop'), await summary(page, 'dates'), await summary(page, 'interests'), await summary(page, 'total')];
    must(got[0] === 'Raku firing evening' && got[1] === 'Tue, 11 May 2027 – Thu, 13 May 2027 (3 days)' && got[2] === 'Mugs, Tiles' && got[3] === '£285', 5, `summary (saw ${got.join(' | ')})`);
  },

  'typing narrows the workshop list': async (page, url) => {
    await open(page, url);
    await page.locator('#workshop-ts-control').click();
    await page.locator('#workshop-ts-control').pressSequentially('clay');
    await waitFor(2, 'only Kids\' clay club under Families', async () => {
      const opts = (await dropdown(page, 'workshop').locator('.option').allInnerTexts()).map((s) => s.trim());
      const heads = (await dropdown(page, 'workshop').locator('.optgroup-header').allInnerTexts()).map((s) => s.trim());
      return (opts.length === 1 && opts[0] === "Kids' clay club" && heads.length === 1 && heads[0] === 'Families') || `${opts} / ${heads}`;
    });
  },

  'a workshop that does not exist': async (page, url) => {
    await open(page, url);
    await page.locator('#workshop-ts-control').click();
    await page.locator('#workshop-ts-control').pressSequentially('sculpting');
    await waitFor(2, 'No results found', async () => (await txt(dropdown(page, 'workshop'))) === 'No results found');
  },

  'the price appears once a workshop is chosen': async (page, url) => {
    await open(page, url);
    must((await txt(page.locator('#workshop-price'))) === 'Prices are per person per day.', 1, 'the price hint');
    await chooseWorkshop(page, '', 'Glazing masterclass');
    await waitFor(3, 'the price line', async () => (await txt(page.locator('#workshop-price'))) === 'This workshop costs £80 per person per day.');
    must((await txt(page.locator('.ts-wrapper.single .ts-control'))) === 'Glazing masterclass', 3, 'the box shows Glazing masterclass');
  },

  'pressing Book with nothing filled in': async (page, url) => {
    await open(page, url);
    await page.click('#book');
    const want = { 'name-error': 'Please tell us your name.', 'email-error': 'Please give an email address.', 'workshop-error': 'Please choose a workshop.', 'dates-error': 'Please choose your dates.' };
    for (const [id, msg] of Object.entries(want)) await waitFor(2, `"${msg}"`, async () => (await page.locator(`#${id}`).isVisible()) && (await txt(page.locator(`#${id}`))) === msg);
    must(!(await page.locator('#summary').isVisible()), 3, 'no summary');
  },

  'an email address without an @': async (page, url) => {
    await open(page, url);
    await page.fill('#name', 'Grace Hopper');
    await page.fill('#email', 'grace.hopper.example.org');
    await page.click('#book');
    await waitFor(3, 'the email message', async () => (await txt(page.locator('#email-error'))) === 'That email address does not look right.');
    must(!(await page.locator('#name-error').isVisible()), 3, 'no message under Your name');
  },

  'taking a tag out with its cross': async (page, url) => {
    await open(page, url);
    must((await tags(page)).join(',') === 'Mugs,Tiles', 1, 'Mugs and Tiles');
    await tagBox(page).locator('> .item[data-value="Mugs"] .remove').click();
    await waitFor(3, 'only Tiles', async () => (await tags(page)).join(',') === 'Tiles');
  },

  'adding an idea of your own': async (page, url) => {
    await open(page, url);
    await page.locator('#interests-ts-control').click();
    await page.keyboard.type('Teapots');
    await waitFor(2, 'the Add option', async () => dropdown(page, 'interests').locator('.create').isVisible());
    await page.keyboard.press('Enter');
    await waitFor(2, 'a Teapots tag', async () => (await tags(page)).join(',') === 'Mugs,Tiles,Teapots' || (await tags(page)).join(','));
  },

  'four things at most': async (page, url) => {
    await open(page, url);
    await page.locator('#interests-ts-control').click();
    await dropdown(page, 'interests').locator('.option', { hasText: 'Bowls' }).click();
    await dropdown(page, 'interests').locator('.option', { hasText: 'Vases' }).click();
    await waitFor(2, 'four tags', async () => (await tags(page)).join(',') === 'Mugs,Tiles,Bowls,Vases' || (await tags(page)).join(','));
    await tagBox(page).click();
    await page.keyboard.type('Plates');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    must((await tags(page)).join(',') === 'Mugs,Tiles,Bowls,Vases', 4, `still four tags (saw ${await tags(page)})`);
  },

  'Mondays are closed': async (page, url) => {
    await open(page, url);
    await datesBox(page).click();
    await cal(page).waitFor();
    const month = await cal(page).locator('.flatpickr-monthDropdown-months').evaluate((s) => s.options[s.selectedIndex].text);
    must(month === 'May' && (await cal(page).locator('.cur-year').inputValue()) === '2027', 2, 'May 2027');
    for (const d of ['May 10, 2027', 'May 17, 2027', 'May 1, 2027', 'May 2, 2027', 'May 3, 2027']) {
      must((await day(page, d).getAttribute('class')).includes('flatpickr-disabled'), 2, `${d} greyed out`);
    }
    await day(page, 'May 17, 2027').click({ force: true });
    await page.waitForTimeout(200);
    must((await datesBox(page).inputValue()) === '' && (await cal(page).count()) === 1, 4, 'nothing picked, calendar open');
  },

  'a stay cannot run over a Monday': async (page, url) => {
    await open(page, url);
    await datesBox(page).click();
    await cal(page).waitFor();
    await day(page, 'May 9, 2027').click();
    await day(page, 'May 12, 2027').click();
    await waitFor(3, 'only 9 May picked, days from 10 May greyed out', async () => {
      if ((await datesBox(page).inputValue()) !== '9 May 2027') return `the box shows ${await datesBox(page).inputValue()}`;
      for (const d of ['May 10, 2027', 'May 11, 2027', 'May 12, 2027', 'May 15, 2027', 'May 20, 2027']) if (!/flatpickr-disabled|notAllowed/.test(await day(page, d).getAttribute('class'))) return `${d} not greyed`;
      for (const d of ['May 4, 2027', 'May 6, 2027', 'May 8, 2027']) if (/flatpickr-disabled|notAllowed/.test(await day(page, d).getAttribute('class'))) return `${d} greyed`;
      return true;
    });
  },

  'choosing a start time': async (page, url) => {
    await open(page, url);
    await page.locator('#start + input, #start').last().click();
    const tcal = page.locator('.flatpickr-calendar.open');
    await tcal.waitFor();
    await tcal.locator('.numInputWrapper:has(.flatpickr-hour) .arrowUp').click();
    await tcal.locator('.numInputWrapper:has(.flatpickr-hour) .arrowUp').click();
    await tcal.locator('.numInputWrapper:has(.flatpickr-minute) .arrowUp').click();
    await waitFor(3, '12:30', async () => (await page.locator('#start').inputValue()) === '12:30' || page.locator('#start').inputValue());
  },

  'a one-day family session with posting': async (page, url) => {
    await open(page, url);
    await page.fill('#name', 'Mary Anning');
    await page.fill('#email', 'mary@lyme.example');
    await chooseWorkshop(page, '', 'Family mug-making morning');
    await pickDates(page, 'May 15, 2027', 'May 15, 2027');
    await page.locator('label', { hasText: 'Fire and post my pieces' }).click();
    await page.click('#book');
    await waitFor(4, 'the summary', async () => page.locator('#summary').isVisible());
    const got = [await summary(page, 'dates'), await summary(page, 'start'), await summary(page, 'total')];
    must(got[0] === 'Sat, 15 May 2027 – Sat, 15 May 2027 (1 day)' && got[1] === '10:00' && got[2] === '£67', 4, `summary (saw ${got.join(' | ')})`);
  },

  'starting again': async (page, url) => {
    await open(page, url);
    await page.fill('#name', 'Alan');
    await chooseWorkshop(page, '', "Kids' clay club");
    await page.locator('label', { hasText: 'Borrow an apron' }).click();
    await page.click('#start-again');
    await waitFor(3, 'everything cleared', async () => {
      const ph = await page.locator('#workshop-ts-control').getAttribute('placeholder');
      const item = await page.locator('.ts-wrapper.single .ts-control .item').count();
      const r = [await page.locator('#name').inputValue(), ph, item, await page.locator('#apron').isChecked(), (await tags(page)).length];
      return (r[0] === '' && r[1] === 'Start typing a workshop…' && r[2] === 0 && (await page.locator('#workshop-ts-control').isVisible()) && r[3] === false && r[4] === 0) || JSON.stringify(r);
    });
  },

  'the Workshop label puts you in its box': async (page, url) => {
    await open(page, url);
    await page.locator('label', { hasText: 'Workshop *' }).first().click();
    await waitFor(2, 'focus and open list', async () => (await page.evaluate(() => document.activeElement?.id)) === 'workshop-ts-control' && dropdown(page, 'workshop').isVisible());
  },

  'the dates label opens the calendar': async (page, url) => {
    await open(page, url);
    await page.locator('label', { hasText: 'Workshop dates *' }).click();
    await waitFor(2, 'the date box focused and the calendar open', async () => {
      const focused = await page.evaluate(() => document.activeElement === document.querySelector('#dates + input'));
      const opened = (await cal(page).count()) === 1;
      return (focused && opened) || `focused ${focused}, calendar open ${opened}`;
    }, 3000);
  },
};
