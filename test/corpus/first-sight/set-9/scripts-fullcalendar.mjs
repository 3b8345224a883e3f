// Hand-written Playwright scripts for the FullCalendar plans of set 9 (checks read the calendar as shown).
import { T, must, waitFor, txt } from '../kit.mjs';

async function open(page, url) {
  page.setDefaultTimeout(T);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await page.locator('body[data-loaded=yes] .fc-event').first().waitFor();
}
const one = (s) => s.replace(/\s+/g, ' ').trim();
const title = (page) => txt(page.locator('.fc-toolbar-title'));
const day = (page, date) => page.locator(`td.fc-daygrid-day[data-date="${date}"]`);
const dayText = async (page, date) => one(await day(page, date).locator('.fc-daygrid-day-events').innerText());
const status = (page) => txt(page.locator('#last-change'));
const details = async (page) => one(await page.locator('#details-body').innerText());
const view = (page, name) => page.locator(`.fc-${name}-button`).click();
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
/** Titles of the timed events drawn in a time-grid column, with their time text. */
const column = (page, date) => page.locator(`td.fc-timegrid-col[data-date="${date}"] .fc-timegrid-event`).evaluateAll((es) => es.map((e) => ({
  time: e.querySelector('.fc-event-time')?.innerText.trim(), title: e.querySelector('.fc-event-title')?.innerText.trim(), color: getComputedStyle(e).backgroundColor,
})));
/** Drag in a time-grid column from one slot's top to another's bottom. */
async function dragSlots(page, date, from, to) {
  const col = await page.locator(`td.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const a = await page.locator(`td.fc-timegrid-slot-lane[data-time="${from}"]`).boundingBox();
  const b = await page.locator(`td.fc-timegrid-slot-lane[data-time="${to}"]`).boundingBox();
  const x = col.x + col.width / 2;
  await page.mouse.move(x, a.y + 3);
  await page.mouse.down();
  await page.mouse.move(x, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(x, b.y + b.height - 3, { steps: 5 });
  await page.mouse.up();
}
async function scrollTo(page, time) {
  await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).scrollIntoViewIfNeeded();
}

export const FULLCALENDAR = {
  "the hall's March at a glance": async (page, url) => {
    await open(page, url);
    await waitFor(2, 'March 2027, Month active, Today disabled', async () => (await title(page)) === 'March 2027'
      && (await page.locator('.fc-dayGridMonth-button').getAttribute('class')).includes('fc-button-active') && (await page.locator('.fc-today-button').isDisabled()));
    await waitFor(3, '10th is today with Parish council', async () => (await page.locator('td.fc-day-today').getAttribute('data-date')) === '2027-03-10'
      && (await page.locator('td.fc-day-today').evaluate((e) => getComputedStyle(e).backgroundColor)) !== 'rgba(0, 0, 0, 0)' && (await dayText(page, '2027-03-10')) === '19:00 Parish council');
  },
  'week numbers and the first day of the week': async (page, url) => {
    await open(page, url);
    await waitFor(2, 'Mon..Sun', async () => { const h = (await page.locator('.fc-col-header-cell').allInnerTexts()).map(one); return h[0] === 'Mon' && h[6] === 'Sun' && h.length === 7; });
    await waitFor(3, 'W9..W14', async () => same((await page.locator('.fc-daygrid-week-number').allInnerTexts()).map(one), ['W9', 'W10', 'W11', 'W12', 'W13', 'W14'])
      && (await page.locator('td[data-date="2027-03-01"] .fc-daygrid-week-number').innerText()) === 'W9');
  },
  'the busy Thursday': async (page, url) => {
    await open(page, url);
    await waitFor(2, 'two shown + 2 more', async () => (await dayText(page, '2027-03-18')) === '08:00 Tai chi 10:00 Blood donor session +2 more');
    await day(page, '2027-03-18').locator('.fc-more-link').click();
    await waitFor(4, 'popover of four', async () => {
      const pop = page.locator('.fc-popover');
      return (await txt(pop.locator('.fc-popover-title'))) === '18 March 2027'
        && same((await pop.locator('.fc-event-title').allInnerTexts()).map(one), ['Tai chi', 'Blood donor session', 'Lunch club', 'Film night']);
    });
  },
  'details of the parish council meeting': async (page, url) => {
    await open(page, url);
    await day(page, '2027-03-10').locator('.fc-event', { hasText: 'Parish council' }).click();
    await waitFor(2, 'details', async () => (await details(page)).startsWith('What: Parish council Room: Main hall Starts: Wed 10 Mar, 19:00 Ends: Wed 10 Mar, 21:00'));
    await waitFor(3, 'cancel button', async () => page.locator('#details-body button', { hasText: 'Cancel this booking' }).isVisible());
  },
  'the craft fair covers Friday and Saturday': async (page, url) => {
    await open(page, url);
    await waitFor(2, 'bar over 12-13, not 14', async () => {
      const bar = await page.locator('.fc-daygrid-event', { hasText: 'Craft fair setup' }).boundingBox();
      const fri = await day(page, '2027-03-12').boundingBox();
      const sat = await day(page, '2027-03-13').boundingBox();
      const sun = await day(page, '2027-03-14').boundingBox();
      return bar.x >= fri.x && bar.x < fri.x + 10 && bar.x + bar.width > sat.x + sat.width - 10 && bar.x + bar.width <= sun.x + 1;
    });
    await page.locator('.fc-daygrid-event', { hasText: 'Craft fair setup' }).click();
    await waitFor(4, 'Fri 12 - Sat 13', async () => (await details(page)).includes('Starts: Fri, 12 Mar 2027 Ends: Sat, 13 Mar 2027'));
  },
  'moving chess club to Thursday': async (page, url) => {
    await open(page, url);
    await day(page, '2027-03-02').locator('.fc-event', { hasText: 'Chess club' }).dragTo(day(page, '2027-03-04').locator('.fc-daygrid-day-frame'));
    await waitFor(2, 'on the 4th, 2nd empty', async () => (await dayText(page, '2027-03-04')) === '18:30 Chess club' && (await dayText(page, '2027-03-02')) === '');
    await waitFor(3, 'status', async () => (await status(page)) === 'Moved "Chess club" to Thu 4 Mar, 18:30');
  },
  'looking ahead to April': async (page, url) => {
    await open(page, url);
    must((await page.locator('.fc-next-button').getAttribute('title')) === 'Next Month', 1, 'forward arrow tooltip');
    await page.locator('.fc-next-button').click();
    await waitFor(2, 'April, Today enabled', async () => (await title(page)) === 'April 2027' && !(await page.locator('.fc-today-button').isDisabled()));
    await page.locator('.fc-today-button').click();
    await waitFor(4, 'March, Today disabled', async () => (await title(page)) === 'March 2027' && (await page.locator('.fc-today-button').isDisabled()));
  },
  'this week in the week view': async (page, url) => {
    await open(page, url);
    await view(page, 'timeGridWeek');
    await waitFor(2, 'title + headers', async () => (await title(page)) === '8 – 14 Mar 2027'
      && same((await page.locator('.fc-col-header-cell').allInnerTexts()).map(one), ['Mon 08/03', 'Tue 09/03', 'Wed 10/03', 'Thu 11/03', 'Fri 12/03', 'Sat 13/03', 'Sun 14/03']));
    await waitFor(3, 'craft fair all-day Fri-Sat; parish council', async () => {
      const bar = await page.locator('.fc-daygrid-body .fc-event', { hasText: 'Craft fair setup' }).boundingBox();
      const fri = await page.locator('td.fc-timegrid-col[data-date="2027-03-12"]').boundingBox();
      const sat = await page.locator('td.fc-timegrid-col[data-date="2027-03-13"]').boundingBox();
      const wed = await column(page, '2027-03-10');
      return bar.x >= fri.x - 1 && bar.x < fri.x + 10 && bar.x + bar.width > sat.x + sat.width - 10 && bar.x + bar.width < sat.x + sat.width + 2
        && wed.length === 1 && wed[0].title === 'Parish council' && wed[0].time === '19:00 - 21:00';
    });
  },
  'this week as a list': async (page, url) => {
    await open(page, url);
    await view(page, 'listWeek');
    await waitFor(2, 'day headings', async () => {
      const h = (await page.locator('.fc-list-day').allInnerTexts()).map(one);
      return same(h, ['Monday 8 March 2027', 'Tuesday 9 March 2027', 'Wednesday 10 March 2027', 'Thursday 11 March 2027', 'Friday 12 March 2027', 'Saturday 13 March 2027']);
    });
    await waitFor(3, 'craft fair twice all-day; parish council time', async () => {
      const rows = await page.locator('.fc-list-event').evaluateAll((rs) => rs.map((r) => ({ time: r.querySelector('.fc-list-event-time').innerText.trim(), title: r.querySelector('.fc-list-event-title').innerText.trim() })));
      const craft = rows.filter((r) => r.title === 'Craft fair setup');
      return craft.length === 2 && craft.every((r) => r.time === 'all-day') && rows.some((r) => r.title === 'Parish council' && r.time === '19:00 - 21:00');
    });
  },
  'today on its own': async (page, url) => {
    await open(page, url);
    await view(page, 'timeGridDay');
    await waitFor(2, 'day view with only Parish council', async () => {
      const evs = await page.locator('.fc-view .fc-event').allInnerTexts();
      return (await title(page)) === '10 March 2027' && evs.length === 1 && one(evs[0]) === '19:00 - 21:00 Parish council';
    });
  },
  'booking the studio for a choir rehearsal': async (page, url) => {
    await open(page, url);
    await view(page, 'timeGridWeek');
    await scrollTo(page, '20:00:00');
    await dragSlots(page, '2027-03-09', '18:00:00', '19:30:00');
    await waitFor(2, 'dialog with the time', async () => (await page.locator('dialog#new-booking').isVisible()) && (await txt(page.locator('#booking-when'))) === 'Tue 9 Mar, 18:00 – 20:00');
    await page.getByLabel('What is it for?').fill('Community choir');
    await page.getByLabel('Room').selectOption('Studio');
    await page.getByRole('button', { name: 'Save booking' }).click();
    await waitFor(4, 'green choir booking', async () => {
      const c = (await column(page, '2027-03-09')).find((e) => e.title === 'Community choir');
      return !!c && c.time === '18:00 - 20:00' && c.color === 'rgb(46, 125, 50)' && (await status(page)) === 'Booked "Community choir" in the Studio';
    });
  },
  'a booking needs a name': async (page, url) => {
    await open(page, url);
    await day(page, '2027-03-03').locator('.fc-daygrid-day-frame').click({ position: { x: 60, y: 60 } });
    await waitFor(2, 'dialog for Wed, 3 Mar 2027', async () => (await page.locator('dialog#new-booking').isVisible()) && (await txt(page.locator('#booking-when'))) === 'Wed, 3 Mar 2027');
    await page.getByRole('button', { name: 'Save booking' }).click();
    await waitFor(3, 'red message, still open', async () => (await page.locator('dialog#new-booking').isVisible()) && (await txt(page.locator('#booking-error'))) === 'Please say what the booking is for.'
      && (await page.locator('#booking-error').evaluate((e) => getComputedStyle(e).color)) === 'rgb(176, 0, 32)');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitFor(5, 'closed, nothing added', async () => !(await page.locator('dialog#new-booking').isVisible()) && (await dayText(page, '2027-03-03')) === '' && (await status(page)) === 'No changes yet');
  },
  'cancelling the quiz night': async (page, url) => {
    await open(page, url);
    await day(page, '2027-03-26').locator('.fc-event', { hasText: 'Quiz night' }).click();
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); d.accept(); });
    await page.locator('#details-body button', { hasText: 'Cancel this booking' }).click();
    must(asked === 'Cancel "Quiz night"? This cannot be undone.', 2, `confirmation said: ${asked}`);
    await waitFor(3, 'gone + status', async () => (await dayText(page, '2027-03-26')) === '' && (await status(page)) === 'Cancelled "Quiz night"');
  },
  'giving the soup kitchen an extra hour': async (page, url) => {
    await open(page, url);
    await view(page, 'timeGridWeek');
    await scrollTo(page, '15:00:00');
    const ev = page.locator('td.fc-timegrid-col[data-date="2027-03-09"] .fc-timegrid-event', { hasText: 'Soup kitchen' });
    await ev.hover();
    const handle = ev.locator('.fc-event-resizer-end');
    const hb = await handle.boundingBox();
    const target = await page.locator('td.fc-timegrid-slot-lane[data-time="14:30:00"]').boundingBox();
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + hb.width / 2, target.y + target.height / 2, { steps: 5 });
    await page.mouse.move(hb.x + hb.width / 2, target.y + target.height - 2, { steps: 5 });
    await page.mouse.up();
    await waitFor(2, '12:00 - 15:00', async () => (await column(page, '2027-03-09')).some((e) => e.title === 'Soup kitchen' && e.time === '12:00 - 15:00'));
    await waitFor(3, 'status', async () => (await status(page)) === '"Soup kitchen" now ends Tue 9 Mar, 15:00');
  },
  'the whole year on one page': async (page, url) => {
    await open(page, url);
    await view(page, 'multiMonthYear');
    await waitFor(2, '2027 and twelve months', async () => (await title(page)) === '2027'
      && same((await page.locator('.fc-multimonth-month .fc-multimonth-title').allInnerTexts()).map(one), ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']));
    await waitFor(3, 'March 26 Quiz night', async () => one(await page.locator('.fc-multimonth-month').nth(2).locator('td[data-date="2027-03-26"] .fc-daygrid-day-events').innerText()) === '19:00 Quiz night');
  },
};
