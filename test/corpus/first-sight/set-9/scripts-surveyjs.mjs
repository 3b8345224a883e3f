// Hand-written Playwright scripts for the SurveyJS plans of set 9 (checks read the form as shown).
import { T, must, waitFor, txt } from '../kit.mjs';

async function open(page, url) {
  page.setDefaultTimeout(T);
  // Tall enough that nothing needs scrolling: SurveyJS closes an open drop-down list when the page scrolls.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.goto(url);
  await page.locator('body[data-loaded=yes] .sd-question[data-name=first_name] input').waitFor();
}
const one = (s) => s.replace(/\s+/g, ' ').trim();
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const q = (page, name) => page.locator(`.sd-question[data-name="${name}"]`);
const input = (page, name) => q(page, name).locator('input, textarea').first();
const error = async (page, name) => { const e = q(page, name).locator('.sd-question__erbox'); return (await e.count()) && (await e.first().isVisible()) ? one(await e.first().innerText()) : ''; };
const pageTitle = (page) => txt(page.locator('.sd-page__title'));
const current = (page) => txt(page.locator('.sd-progress-buttons__list li.sd-progress-buttons__list-element--current .sd-progress-buttons__page-title'));
const button = (page, name) => page.locator(`input.sd-btn[value="${name}"]:visible`);
const number = async (page, name) => txt(q(page, name).locator('.sd-element__num'));
const ticked = (page, name) => q(page, name).locator('.sd-item').evaluateAll((items) => items.filter((i) => i.querySelector('input').checked).map((i) => i.innerText.trim()));
const item = (page, name, text) => q(page, name).locator('.sd-item', { has: page.locator('.sd-item__control-label', { hasText: new RegExp(`^${text.replace(/[()]/g, '\\$&')}$`) }) }).locator('label');
/** What a drop-down shows: the chosen item, read from its input while it has the focus. */
const shown = async (page, name) => { const d = q(page, name).locator('.sd-dropdown').first(); return one(await d.innerText()) || (await d.locator('input').inputValue()); };
const visibleQuestions = (page) => page.locator('.sd-page .sd-question').evaluateAll((qs) => qs.filter((x) => x.offsetParent !== null).map((x) => x.dataset.name));

async function type(page, name, value) {
  await input(page, name).fill(value);
  await input(page, name).press('Tab');
}
async function chooseBranch(page, branch, step) {
  const box = q(page, 'branch').locator('.sd-dropdown');
  await box.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  const option = page.locator('.sv-list__item:visible', { hasText: new RegExp(`^${branch}$`) });
  for (let i = 0; i < 3 && !(await option.isVisible()); i++) {
    await box.click();
    await option.waitFor({ state: 'visible', timeout: 2000 }).catch(() => {});
  }
  must(await option.isVisible(), step, 'the branch list did not open');
  await option.click();
}
async function fillAboutYou(page, { first = 'Nadia', last = 'Haddad', email = 'nadia.haddad@example.org', year, branch }, step = 1) {
  await type(page, 'first_name', first);
  await type(page, 'last_name', last);
  await type(page, 'email', email);
  if (year !== undefined) await type(page, 'birth_year', year);
  await chooseBranch(page, branch, step);
}
async function next(page, step, to) {
  await button(page, 'Next').click();
  if (to) await waitFor(step, `page ${to}`, async () => (await pageTitle(page)) === to);
}
async function toPage2(page, branch) {
  await fillAboutYou(page, { branch });
  await next(page, 1, 'Your membership');
}
async function toPage3(page, branch, step = 1) {
  await toPage2(page, branch);
  await item(page, 'card', 'Adult (free)').click();
  await next(page, step, 'Before you finish');
}

export const SURVEYJS = {
  'the first page of the application': async (page, url) => {
    await open(page, url);
    await waitFor(2, 'three steps, About you current', async () => same((await page.locator('.sd-progress-buttons__list .sd-progress-buttons__page-title').allInnerTexts()).map(one), ['About you', 'Your membership', 'Before you finish'])
      && (await current(page)) === 'About you');
    await waitFor(3, 'five numbered questions, asterisks', async () => {
      const qs = await page.locator('.sd-page .sd-question').evaluateAll((xs) => xs.map((x) => ({ num: x.querySelector('.sd-element__num')?.innerText.trim(), req: !!x.querySelector('.sd-question__required-text'), name: x.dataset.name })));
      return (await pageTitle(page)) === 'About you' && same(qs.map((x) => x.num), ['1.', '2.', '3.', '4.', '5.'])
        && same(qs.map((x) => x.req), [true, true, true, false, true]);
    });
    await waitFor(4, 'Next, no Previous', async () => (await button(page, 'Next').count()) === 1 && (await button(page, 'Previous').count()) === 0);
  },
  'pressing Next on an empty form': async (page, url) => {
    await open(page, url);
    await button(page, 'Next').click();
    await waitFor(2, 'Response required on four', async () => {
      for (const n of ['first_name', 'last_name', 'email', 'branch']) if ((await error(page, n)) !== 'Response required.') return false;
      return (await error(page, 'birth_year')) === '';
    });
    await waitFor(3, 'still About you', async () => (await pageTitle(page)) === 'About you' && (await current(page)) === 'About you');
  },
  'an e-mail address without the @': async (page, url) => {
    await open(page, url);
    await fillAboutYou(page, { email: 'nadia.haddad.example.org', branch: 'Northgate' });
    await button(page, 'Next').click();
    await waitFor(3, 'e-mail error, same page', async () => (await error(page, 'email')) === 'Please enter a valid e-mail address.' && (await pageTitle(page)) === 'About you');
  },
  'the list of branches': async (page, url) => {
    await open(page, url);
    const box = q(page, 'branch').locator('.sd-dropdown');
    const items = page.locator('.sv-list__item:visible');
    for (let i = 0; i < 3 && !(await items.first().isVisible()); i++) {
      await box.click();
      await items.first().waitFor({ state: 'visible', timeout: 2000 }).catch(() => {});
    }
    await waitFor(2, 'five branches in order', async () => same((await items.allInnerTexts()).map(one), ['Central', 'Harbourside', 'Northgate', 'Old Town', 'Westfield']));
    await items.filter({ hasText: /^Old Town$/ }).click();
    await waitFor(4, 'shows Old Town', async () => (await shown(page, 'branch')) === 'Old Town'
      && !(await q(page, 'branch').locator('.sd-dropdown__value input').getAttribute('placeholder')).includes('Choose'));
  },
  'a birth year in the future': async (page, url) => {
    await open(page, url);
    await fillAboutYou(page, { year: '2031', branch: 'Central' });
    await button(page, 'Next').click();
    await waitFor(3, 'the form\'s year message', async () => { const e = await error(page, 'birth_year'); return e === 'Please enter a year between 1900 and 2027.' || `the message under Year of birth is "${e}"`; });
  },
  'on to the membership page': async (page, url) => {
    await open(page, url);
    await fillAboutYou(page, { branch: 'Northgate' });
    await button(page, 'Next').click();
    await waitFor(2, 'Your membership current', async () => (await current(page)) === 'Your membership' && (await pageTitle(page)) === 'Your membership');
    await waitFor(3, 'question 6 first, Previous and Next', async () => {
      const first = page.locator('.sd-page .sd-question').first();
      return (await txt(first.locator('.sd-element__num'))) === '6.' && (await txt(first.locator('.sd-question__title .sv-string-viewer').first())) === 'Which card would you like?'
        && (await button(page, 'Previous').count()) === 1 && (await button(page, 'Next').count()) === 1;
    });
  },
  'a family card asks how many cards': async (page, url) => {
    await open(page, url);
    await toPage2(page, 'Central');
    await item(page, 'card', 'Family (up to 5 cards)').click();
    await waitFor(3, 'family_size as 7, interests 8', async () => (await q(page, 'family_size').isVisible()) && (await number(page, 'family_size')) === '7.'
      && (await q(page, 'family_size').locator('.sd-question__required-text').count()) === 1 && (await number(page, 'interests')) === '8.');
    await item(page, 'card', 'Adult (free)').click();
    await waitFor(5, 'gone, interests 7', async () => !(await q(page, 'family_size').isVisible()) && (await number(page, 'interests')) === '7.');
  },
  'something else needs an explanation': async (page, url) => {
    await open(page, url);
    await toPage2(page, 'Westfield');
    await item(page, 'card', 'Something else').click();
    await q(page, 'card').locator('textarea, input[type=text]').first().waitFor();
    await button(page, 'Next').click();
    await waitFor(3, 'other error', async () => (await pageTitle(page)) === 'Your membership' && (await error(page, 'card')) === 'Response required: enter another value.');
  },
  'ticking every interest but one': async (page, url) => {
    await open(page, url);
    await toPage2(page, 'Northgate');
    const six = ['Book clubs', "Children's story time", 'Computer classes', 'Local history', 'Language cafés', 'E-books and audiobooks'];
    await item(page, 'interests', 'Select all').click();
    await waitFor(3, 'all six ticked', async () => { const t = await ticked(page, 'interests'); return six.every((x) => t.includes(x)) && !t.includes('None of these'); });
    await item(page, 'interests', 'Local history').click();
    await waitFor(5, 'select all off, five on', async () => { const t = await ticked(page, 'interests'); return same(t, six.filter((x) => x !== 'Local history')); });
  },
  'none of these clears the other interests': async (page, url) => {
    await open(page, url);
    await toPage2(page, 'Central');
    await item(page, 'interests', 'Book clubs').click();
    await item(page, 'interests', 'Computer classes').click();
    await item(page, 'interests', 'None of these').click();
    await waitFor(3, 'only none', async () => same(await ticked(page, 'interests'), ['None of these']));
  },
  'asking for the newsletter': async (page, url) => {
    await open(page, url);
    await toPage2(page, 'Harbourside');
    await waitFor(2, 'No, no format', async () => (await txt(q(page, 'newsletter').locator('.sd-boolean__thumb'))) === 'No' && !(await q(page, 'newsletter_format').isVisible()));
    await q(page, 'newsletter').locator('label.sd-boolean').click();
    await waitFor(4, 'format with E-mail', async () => (await txt(q(page, 'newsletter').locator('.sd-boolean__thumb'))) === 'Yes' && (await q(page, 'newsletter_format').isVisible())
      && (await shown(page, 'newsletter_format')) === 'E-mail');
  },
  'going back keeps what was typed': async (page, url) => {
    await open(page, url);
    await toPage2(page, 'Northgate');
    await button(page, 'Previous').click();
    await waitFor(3, 'values kept', async () => (await pageTitle(page)) === 'About you' && (await input(page, 'first_name').inputValue()) === 'Nadia'
      && (await input(page, 'last_name').inputValue()) === 'Haddad' && (await input(page, 'email').inputValue()) === 'nadia.haddad@example.org'
      && (await shown(page, 'branch')) === 'Northgate');
  },
  'the stock wishes counter': async (page, url) => {
    await open(page, url);
    await toPage3(page, 'Old Town');
    await q(page, 'wishes').locator('textarea').pressSequentially('More graphic novels and audiobooks for the car');
    await waitFor(3, '46/120', async () => one(await q(page, 'wishes').locator('.sd-remaining-character-counter').innerText()) === '46/120');
  },
  'the terms must be accepted': async (page, url) => {
    await open(page, url);
    await toPage3(page, 'Central');
    await q(page, 'visits').locator('.sd-rating__item', { hasText: /^Weekly$/ }).click();
    await button(page, 'Preview').click();
    await waitFor(3, 'terms error', async () => (await error(page, 'consent')) === 'You must accept the terms to join.' && (await pageTitle(page)) === 'Before you finish');
  },
  'checking the answers before sending': async (page, url) => {
    await open(page, url);
    await toPage3(page, 'Northgate');
    await item(page, 'consent', "I accept the library's terms of membership").click();
    await button(page, 'Preview').click();
    await waitFor(3, 'preview of all pages', async () => {
      const body = one(await page.locator('#survey').innerText());
      const vals = await page.locator('.sd-question input.sd-input').evaluateAll((xs) => xs.map((x) => x.value));
      const branch = one(await q(page, 'branch').innerText());
      return ['About you', 'Your membership', 'Before you finish'].every((t) => body.includes(t)) && ['Nadia', 'Haddad', 'nadia.haddad@example.org'].every((v) => vals.includes(v)) && branch.includes('Northgate')
        && (await button(page, 'Edit').count()) === 3 && (await button(page, 'Complete').count()) === 1;
    });
    await button(page, 'Complete').click();
    await waitFor(5, 'thank you', async () => { const t = one(await page.locator('.sd-completedpage').innerText()); return t.startsWith('Thank you, Nadia!') && t.includes('Bring photo ID to the front desk to collect your card.'); });
  },
};
