// Hand-written scripts for dropzone.plans (Dropzone 6.3.5, Hillcrest Camera Club).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { T, must, txt, waitFor } from '../kit.mjs';

const FILES = join(dirname(fileURLToPath(import.meta.url)), 'files');

async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('body[data-loaded=yes]', { timeout: T });
}
const previews = (page) => page.locator('#photos .dz-preview');
const preview = (page, name, nth = 0) => previews(page).filter({ has: page.locator('[data-dz-name]', { hasText: name }) }).nth(nth);
const counter = (page) => txt(page.locator('#status'));
const entries = async (page) => (await page.locator('#entries li').allInnerTexts()).map((s) => s.trim());

/** Picks files through the drop area's file chooser (a click on the area opens it). */
async function upload(page, names) {
  const before = await previews(page).count();
  const chooser = page.waitForEvent('filechooser', { timeout: T });
  await page.locator('#photos').click({ position: { x: 8, y: 8 } });
  await (await chooser).setFiles([].concat(names).map((n) => join(FILES, n)));
  const want = before + [].concat(names).length;
  await waitFor(0, 'the previews', async () => (await previews(page).count()) === want);
}
/** Waits until every preview has finished (ticked or refused). */
async function settled(page, step) {
  await waitFor(step, 'uploads finished', async () => (await page.locator('#photos .dz-preview:not(.dz-complete)').count()) === 0 && (await page.locator('#photos .dz-preview.dz-processing:not(.dz-success):not(.dz-error)').count()) === 0);
}
const errorOf = async (page, p) => {
  await p.hover();
  const m = p.locator('.dz-error-message');
  await waitFor(0, 'the error message shows', async () => m.isVisible());
  return txt(m);
};

export const DROPZONE = {
  'uploading one photo': async (page, url) => {
    await open(page, url);
    await upload(page, 'harbour-dawn.jpg');
    await waitFor(2, 'a preview and 1 of 3', async () => (await preview(page, 'harbour-dawn.jpg').count()) === 1 && (await counter(page)) === 'Uploaded: 1 of 3');
    const e = await entries(page);
    must(e.length === 1 && e[0] === 'harbour-dawn.jpg (Open colour)', 3, `entries (saw ${e})`);
  },

  'the page before anything is added': async (page, url) => {
    await open(page, url);
    must((await txt(page.locator('#photos .dz-message'))) === 'Drop photos here or click to choose' && (await counter(page)) === 'Uploaded: 0 of 3' && (await page.locator('#submit').isDisabled()), 1, 'the empty page');
    await upload(page, 'quay-steps.png');
    await waitFor(3, 'preview instead of the message, Submit enabled', async () => !(await page.locator('#photos .dz-message').isVisible()) && (await preview(page, 'quay-steps.png').isVisible()) && (await page.locator('#submit').isEnabled()));
  },

  'size and name on the preview': async (page, url) => {
    await open(page, url);
    await upload(page, 'old-mill.png');
    await settled(page, 1);
    const p = preview(page, 'old-mill.png');
    await p.hover();
    await waitFor(3, 'size and name', async () => (await p.locator('.dz-details').evaluate((e) => getComputedStyle(e).opacity)) === '1' && (await txt(p.locator('.dz-size'))) === '1.2 MB' && (await txt(p.locator('.dz-filename'))) === 'old-mill.png');
  },

  'submitting two photos': async (page, url) => {
    await open(page, url);
    await upload(page, 'harbour-dawn.jpg');
    await upload(page, 'misty-pier.jpg');
    await waitFor(2, 'both uploaded', async () => (await counter(page)) === 'Uploaded: 2 of 3');
    await page.click('#submit');
    await waitFor(4, 'the thank-you note', async () => (await txt(page.locator('#done'))) === 'Thank you! Your entry of 2 photos has been received.' && page.locator('#submit').isDisabled());
  },

  'a single photo entry': async (page, url) => {
    await open(page, url);
    await upload(page, 'quay-steps.png');
    await waitFor(1, 'listed', async () => (await entries(page)).includes('quay-steps.png (Open colour)'));
    await page.click('#submit');
    await waitFor(2, 'the thank-you note', async () => (await txt(page.locator('#done'))).includes('Your entry of 1 photo has been received.'));
  },

  'the category travels with the photo': async (page, url) => {
    await open(page, url);
    await page.selectOption('#category', 'Monochrome');
    await upload(page, 'misty-pier.jpg');
    await waitFor(3, 'misty-pier.jpg (Monochrome)', async () => (await entries(page)).join('|') === 'misty-pier.jpg (Monochrome)');
  },

  'a text file is refused': async (page, url) => {
    await open(page, url);
    await upload(page, 'judges-notes.txt');
    await settled(page, 1);
    const m = await errorOf(page, preview(page, 'judges-notes.txt'));
    must(m === "You can't upload files of this type." && (await counter(page)) === 'Uploaded: 0 of 3', 3, `message / counter (saw ${m})`);
    must((await entries(page)).join('|') === 'No photos uploaded yet.', 4, 'no entries');
  },

  'getting rid of a refused file': async (page, url) => {
    await open(page, url);
    await upload(page, 'judges-notes.txt');
    await settled(page, 1);
    // A person points at the word "Remove" and clicks it: the click goes where the word is.
    const link = preview(page, 'judges-notes.txt').locator('a.dz-remove', { hasText: 'Remove' });
    await link.hover({ force: true });
    await page.waitForTimeout(400); // the error bubble fades in (opacity transition .3 s)
    const box = await link.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await waitFor(3, 'no previews left and the drop message back', async () => {
      const n = await previews(page).count();
      const msg = await page.locator('#photos .dz-message').isVisible();
      return (n === 0 && msg && (await txt(page.locator('#photos .dz-message'))) === 'Drop photos here or click to choose') || `${n} preview(s) still there; the click on "Remove" landed on: ${await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.className, [box.x + box.width / 2, box.y + box.height / 2])}`;
    }, 3000);
  },

  'removing an uploaded photo': async (page, url) => {
    await open(page, url);
    await upload(page, 'harbour-dawn.jpg');
    await upload(page, 'old-mill.png');
    await waitFor(2, 'Uploaded: 2 of 3', async () => (await counter(page)) === 'Uploaded: 2 of 3');
    await preview(page, 'harbour-dawn.jpg').locator('a.dz-remove').click();
    await waitFor(4, 'only old-mill.png', async () => (await previews(page).count()) === 1 && (await preview(page, 'old-mill.png').count()) === 1 && (await counter(page)) === 'Uploaded: 1 of 3' && (await entries(page)).join('|') === 'old-mill.png (Open colour)');
  },

  'the same photo twice': async (page, url) => {
    await open(page, url);
    await upload(page, 'harbour-dawn.jpg');
    await waitFor(1, 'uploaded', async () => (await counter(page)) === 'Uploaded: 1 of 3');
    await upload(page, 'harbour-dawn.jpg');
    await settled(page, 2);
    const m = await errorOf(page, preview(page, 'harbour-dawn.jpg', 1));
    must(m === 'You have already entered harbour-dawn.jpg.' && (await counter(page)) === 'Uploaded: 1 of 3', 4, `message / counter (saw ${m})`);
  },

  'a fourth photo is one too many': async (page, url) => {
    await open(page, url);
    for (const f of ['harbour-dawn.jpg', 'misty-pier.jpg', 'quay-steps.png']) await upload(page, f);
    await waitFor(2, 'Uploaded: 3 of 3', async () => (await counter(page)) === 'Uploaded: 3 of 3');
    await upload(page, 'old-mill.png');
    await settled(page, 3);
    const m = await errorOf(page, preview(page, 'old-mill.png'));
    must(m === 'You cannot upload any more files.' && (await counter(page)) === 'Uploaded: 3 of 3', 4, `message / counter (saw ${m})`);
  },

  'making room for another photo': async (page, url) => {
    await open(page, url);
    for (const f of ['harbour-dawn.jpg', 'misty-pier.jpg', 'quay-steps.png']) await upload(page, f);
    await waitFor(1, 'Uploaded: 3 of 3', async () => (await counter(page)) === 'Uploaded: 3 of 3');
    await preview(page, 'misty-pier.jpg').locator('a.dz-remove').click();
    await waitFor(2, 'removed', async () => (await counter(page)) === 'Uploaded: 2 of 3');
    await upload(page, 'old-mill.png');
    await waitFor(4, 'old-mill ticked, 3 of 3', async () => {
      const cls = await preview(page, 'old-mill.png').getAttribute('class');
      const e = await entries(page);
      return (cls.includes('dz-success') && (await counter(page)) === 'Uploaded: 3 of 3' && !e.some((x) => x.startsWith('misty-pier.jpg'))) || `${cls} ${e}`;
    });
  },

  'three photos chosen at once': async (page, url) => {
    await open(page, url);
    await upload(page, ['harbour-dawn.jpg', 'misty-pier.jpg', 'quay-steps.png']);
    await waitFor(2, 'three previews, three entries', async () => {
      const e = await entries(page);
      return ((await previews(page).count()) === 3 && e.length === 3 && ['harbour-dawn.jpg', 'misty-pier.jpg', 'quay-steps.png'].every((n) => e.includes(`${n} (Open colour)`)) && (await counter(page)) === 'Uploaded: 3 of 3') || e.join('|');
    });
  },

  'changing the category between photos': async (page, url) => {
    await open(page, url);
    await upload(page, 'harbour-dawn.jpg');
    await waitFor(1, 'uploaded', async () => (await counter(page)) === 'Uploaded: 1 of 3');
    await page.selectOption('#category', 'Nature');
    await upload(page, 'quay-steps.png');
    await waitFor(3, 'the two entries', async () => (await entries(page)).join('|') === 'harbour-dawn.jpg (Open colour)|quay-steps.png (Nature)' || (await entries(page)).join('|'));
  },

  'a photo just over the size limit': async (page, url) => {
    await open(page, url);
    await upload(page, 'lighthouse-night.jpg');
    await settled(page, 2);
    const p = preview(page, 'lighthouse-night.jpg');
    must((await txt(p.locator('.dz-size'))) === '2.2 MB' && (await p.getAttribute('class')).includes('dz-error') && (await counter(page)) === 'Uploaded: 0 of 3', 2, 'preview 2.2 MB with a cross, 0 of 3');
    const m = await errorOf(page, p);
    must(/too big/.test(m) && /2MiB|2 MB/.test(m), 4, `a too-big message (saw ${m})`);
    must(/\b2\.2 ?M/.test(m), 4, `the message gives the size as 2.2 MB like the preview, but says "${m}"`);
  },
};
