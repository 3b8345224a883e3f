// Scripts for phpldapadmin.plans (phpLDAPadmin 1.2.6.3 over slapd); see scripts.mjs.
import { T, must, txt, waitFor } from '../kit.mjs';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const BASE = 'dc=harbour,dc=test';
const P = (uid) => `uid=${uid},ou=People,${BASE}`;
const body = (page) => page.locator('#ajBODY');
const bodyText = async (page) => (await body(page).innerText({ timeout: T })).replace(/\s+/g, ' ').trim();

async function plaLogin(page, url, account) {
  await page.goto(url);
  await page.locator('#ajTREE a', { hasText: /^login$/ }).click({ timeout: T });
  await page.locator('input[name=login]').waitFor({ timeout: T });
  await page.fill('input[name=login]', account.username);
  await page.fill('input[name=login_pass]', account.password);
  await page.click('input[type=submit][value=Authenticate], #ajBODY input[type=submit]');
  await page.waitForLoadState('load');
}
const treeNode = (page, dn) => page.locator(`#ajTREE a.phplm[title="${dn}"]`);
async function expand(page, dn) {
  await page.locator(`#ajTREE div.treemenudiv:has(> a.phplm[title="${dn}"]) > a`).first().click({ timeout: T });
  const id = await page.locator(`#ajTREE div.treemenudiv:has(> a.phplm[title="${dn}"])`).first().getAttribute('id');
  await page.locator(`#${id}son .treemenudiv`).first().waitFor({ timeout: T });
}
/** The tree rows under `dn` (its direct children), as shown: ["cn=Kestrel", …] */
async function children(page, dn) {
  const id = await page.locator(`#ajTREE div.treemenudiv:has(> a.phplm[title="${dn}"])`).first().getAttribute('id');
  return page.locator(`#${id}son > div.treemenudiv > a.phplm`).allInnerTexts().then((a) => a.map((s) => s.replace(/\s+/g, ' ').trim()));
}
async function openEntry(page, dn) {
  await treeNode(page, dn).click({ timeout: T });
  await waitFor(0, `entry ${dn}`, async () => (await bodyText(page)).includes(`Distinguished Name: ${dn}`) || 'not yet');
}
async function openPath(page, ...dns) {
  for (const dn of dns.slice(0, -1)) await expand(page, dn);
  await openEntry(page, dns[dns.length - 1]);
}
const field = (page, attr, i = 0) => body(page).locator(`[name="new_values[${attr}][${i}]"]`);
const values = (page, attr) => body(page).locator(`[name^="new_values[${attr}]["]:not([type=hidden])`).evaluateAll((es) => es.map((e) => e.value));
async function bodyLink(page, text) {
  await body(page).locator('a', { hasText: text }).first().click({ timeout: T });
}
async function submit(page, value) {
  await body(page).locator(`input[type=submit][value="${value}"]`).first().click({ timeout: T });
}
async function search(page, fields) {
  await page.click('a[title="Search Harbour Directory"]');
  await body(page).locator('input[name=filter]').waitFor({ timeout: T });
  for (const [k, v] of Object.entries(fields)) {
    if (k === 'format') await body(page).locator('select[name=format]').selectOption(v);
    else await body(page).locator(`input[name=${k}]`).fill(v);
  }
  await submit(page, 'Search');
  await waitFor(0, 'results', async () => (await bodyText(page)).includes('Entries found:') || 'no results');
}

export const PHPLDAPADMIN = {
  'signing in': async (page, url, account) => {
    await plaLogin(page, url, account);
    await waitFor(3, 'signed in', async () => {
      const b = await bodyText(page);
      const t = await txt(page.locator('#ajTREE'));
      return (b.includes('Successfully logged into server.') && t.includes('Logged in as: uid=harbourmaster,ou=People')) || `${b.slice(0, 200)} / ${t.slice(0, 200)}`;
    });
  },
  'a wrong password is refused': async (page, url) => {
    await plaLogin(page, url, { username: 'harbourmaster', password: 'wrong-password' });
    await waitFor(2, 'refused', async () => {
      const b = await bodyText(page);
      const t = await txt(page.locator('#ajTREE'));
      return (b.includes('Invalid Username or Password') && b.includes('Invalid credentials (49)') && (await page.locator('input[name=login_pass]').count()) === 1 && /\blogin\b/.test(t) && !t.includes('Logged in as')) || `${b.slice(0, 300)} / ${t}`;
    });
  },
  'the three branches': async (page, url, account) => {
    await plaLogin(page, url, account);
    await expand(page, BASE);
    const c = await children(page, BASE);
    must(same(c, ['ou=Boats (3)', 'ou=Groups (3)', 'ou=People (6)']), 2, c.join(' | '));
  },
  'looking up a skipper': async (page, url, account) => {
    await plaLogin(page, url, account);
    await expand(page, BASE);
    await expand(page, `ou=People,${BASE}`);
    const c = await children(page, `ou=People,${BASE}`);
    must(same(c, ['uid=asmith', 'uid=bokafor', 'uid=cdubois', 'uid=dlindqvist', 'uid=ewong', 'uid=harbourmaster']), 2, c.join(' | '));
    await openEntry(page, P('asmith'));
    const v = { title: await field(page, 'title').inputValue(), mail: await field(page, 'mail').inputValue(), tel: await field(page, 'telephonenumber').inputValue(), cn: await field(page, 'cn').inputValue() };
    const b = await bodyText(page);
    must(same(v, { title: 'Skipper', mail: 'alice.smith@harbour.test', tel: '+44 1632 960101', cn: 'Alice Smith' }) && b.includes('Email') && b.includes('Telephone'), 4, JSON.stringify(v));
  },
  'promoting Alice': async (page, url, account) => {
    await plaLogin(page, url, account);
    await openPath(page, BASE, `ou=People,${BASE}`, P('asmith'));
    await field(page, 'title').fill('Club Captain');
    await submit(page, 'Update Object');
    await waitFor(3, 'confirmation', async () => {
      const b = await bodyText(page);
      const rows = await body(page).locator('table.result_table tr, table tr').evaluateAll((rs) => rs.map((r) => r.innerText.replace(/\s+/g, ' ').trim()).filter((s) => /^(title|cn|Email|Telephone|givenName|sn)\b/.test(s)));
      return (b.includes('Do you want to make these changes?') && same(rows, ['title Skipper Club Captain'])) || `${rows.join(' | ')} ${b.slice(0, 200)}`;
    });
    await submit(page, 'Update Object');
    await waitFor(5, 'modified', async () => {
      const b = await bodyText(page);
      return (b.includes('An attribute (title) was modified and is highlighted below.') && (await field(page, 'title').inputValue()) === 'Club Captain') || b.slice(0, 400);
    });
  },
  'taking a phone number off': async (page, url, account) => {
    await plaLogin(page, url, account);
    await openPath(page, BASE, `ou=People,${BASE}`, P('ewong'));
    await field(page, 'telephonenumber').fill('');
    await submit(page, 'Update Object');
    await waitFor(3, 'confirmation', async () => {
      const rows = await body(page).locator('tr').evaluateAll((rs) => rs.map((r) => r.innerText.replace(/\s+/g, ' ').trim()).filter((s) => s.startsWith('Telephone')));
      return same(rows, ['Telephone +44 1632 960105 [attribute deleted]']) || rows.join(' | ');
    });
    await submit(page, 'Update Object');
    await waitFor(5, 'no telephone', async () => {
      const b = await bodyText(page);
      const tel = await body(page).locator('[name^="new_values[telephonenumber]"]').count();
      const v = [await field(page, 'cn').inputValue(), await field(page, 'mail').inputValue(), await field(page, 'title').inputValue()];
      return (tel === 0 && !/\bTelephone\b/.test(b) && same(v, ['Emily Wong', 'emily.wong@harbour.test', 'Crew'])) || `${tel} ${v} ${b.slice(0, 300)}`;
    });
  },
  'retiring a dinghy': async (page, url, account) => {
    await plaLogin(page, url, account);
    await openPath(page, BASE, `ou=Boats,${BASE}`, `cn=Kestrel,ou=Boats,${BASE}`);
    await bodyLink(page, 'Delete this entry');
    await waitFor(3, 'are you sure', async () => {
      const b = await bodyText(page);
      const buttons = await body(page).locator('input[type=submit]').evaluateAll((es) => es.map((e) => e.value));
      return (b.includes('Are you sure you want to permanently delete this object?') && b.includes(`cn=Kestrel,ou=Boats,${BASE}`) && same(buttons, ['Delete', 'Cancel'])) || `${buttons} ${b.slice(0, 300)}`;
    });
    await submit(page, 'Delete');
    await waitFor(5, 'deleted', async () => {
      const b = await bodyText(page);
      const c = await children(page, `ou=Boats,${BASE}`);
      const t = await treeNode(page, `ou=Boats,${BASE}`).innerText();
      return (b.includes(`Successfully deleted DN cn=Kestrel,ou=Boats,${BASE}`) && same(c, ['cn=Osprey', 'cn=Tern']) && t.replace(/\s+/g, ' ').trim() === 'ou=Boats (2)') || `${t} ${c} ${b.slice(0, 200)}`;
    });
  },
  'renaming the keelboat': async (page, url, account) => {
    await plaLogin(page, url, account);
    await openPath(page, BASE, `ou=Boats,${BASE}`, `cn=Tern,ou=Boats,${BASE}`);
    await bodyLink(page, /^Rename$/);
    await body(page).locator('input[name=new_rdn]').fill('cn=Sandpiper');
    await submit(page, 'Rename');
    await waitFor(3, 'renamed', async () => {
      const b = await bodyText(page);
      return (b.includes('Rename successful!') && b.includes(`Distinguished Name: cn=Sandpiper,ou=Boats,${BASE}`)) || b.slice(0, 300);
    });
    await waitFor(4, 'tree', async () => {
      const c = await children(page, `ou=Boats,${BASE}`);
      return same(c, ['cn=Kestrel', 'cn=Osprey', 'cn=Sandpiper']) || c.join(' | ');
    });
  },
  'a second Wayfarer from a copy': async (page, url, account) => {
    await plaLogin(page, url, account);
    await openPath(page, BASE, `ou=Boats,${BASE}`, `cn=Osprey,ou=Boats,${BASE}`);
    await bodyLink(page, 'Copy or move this entry');
    await body(page).locator('input[name=dn_dst]').fill(`cn=Puffin,ou=Boats,${BASE}`);
    await submit(page, 'Copy ');
    await field(page, 'serialnumber').fill('GBR-11999');
    await submit(page, 'Create Object');
    await submit(page, 'Commit');
    await waitFor(4, 'created', async () => {
      const b = await bodyText(page);
      const c = await children(page, `ou=Boats,${BASE}`);
      const t = (await treeNode(page, `ou=Boats,${BASE}`).innerText()).replace(/\s+/g, ' ').trim();
      return (b.includes(`Creation successful! DN: cn=Puffin,ou=Boats,${BASE} has been created.`) && t === 'ou=Boats (4)' && same(c, ['cn=Kestrel', 'cn=Osprey', 'cn=Puffin', 'cn=Tern'])) || `${t} ${c} ${b.slice(0, 200)}`;
    });
  },
  'finding the crew': async (page, url, account) => {
    await plaLogin(page, url, account);
    await search(page, { filter: '(title=Crew)' });
    const b = await bodyText(page);
    must(b.includes('Entries found: 2') && /cn Dag Lindqvist .*Telephone \+44 1632 960104/.test(b) && /cn Emily Wong .*Telephone \+44 1632 960105/.test(b), 3, b.slice(0, 600));
  },
  'members sorted by surname': async (page, url, account) => {
    await plaLogin(page, url, account);
    await search(page, { filter: '(objectClass=inetOrgPerson)', display_attrs: 'cn, title', orderby: 'sn', format: 'table' });
    const cns = await body(page).locator('table.result_table tr').evaluateAll((rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => td.innerText.trim())).filter((c) => c.length >= 4 && c.some((x) => x.startsWith('uid='))).map((c) => c[c.length - 2]));
    const want = ['Camille Dubois', 'Dag Lindqvist', 'Bola Okafor', 'Morgan Reyes', 'Alice Smith', 'Emily Wong'];
    must(cns.length === 6, 2, `rows ${cns}`);
    must(same(cns, want), 3, `the table is not sorted by surname: ${cns.join(', ')}`);
  },
  'exporting the fleet': async (page, url, account) => {
    await plaLogin(page, url, account);
    await page.click('a[title="Export Harbour Directory"]');
    await body(page).locator('input[name=dn]').fill(`ou=Boats,${BASE}`);
    await body(page).locator('input[name=scope][value=sub]').check();
    await body(page).locator('input[name=exporter_id][value=LDIF]').check();
    await body(page).locator('input[name=target]').click();
    await waitFor(3, 'ldif', async () => {
      const t = await page.locator('body').innerText();
      return (t.includes('# Total Entries: 4') && ['Kestrel', 'Osprey', 'Tern'].every((n) => t.includes(`dn: cn=${n},ou=Boats,${BASE}`)) && /dn: cn=Osprey[^#]*serialnumber: GBR-11244/.test(t)) || t.slice(0, 500);
    });
  },
  'who races on Saturdays': async (page, url, account) => {
    await plaLogin(page, url, account);
    await openPath(page, BASE, `ou=Groups,${BASE}`, `cn=race-crew,ou=Groups,${BASE}`);
    const d = await field(page, 'description').inputValue();
    const m = await values(page, 'member');
    must(d === 'Crew for the Saturday races' && same(m, [P('asmith'), P('dlindqvist'), P('ewong')]), 2, `${d} ${m}`);
  },
  'comparing two members': async (page, url, account) => {
    await plaLogin(page, url, account);
    await openPath(page, BASE, `ou=People,${BASE}`, P('bokafor'));
    await bodyLink(page, 'Compare with another entry');
    await body(page).locator('input[name=dn_dst]').fill(P('ewong'));
    await submit(page, 'Compare');
    await waitFor(3, 'comparison', async () => {
      const b = await bodyText(page);
      return (b.includes('Comparing the following DNs') && /title\s.*Sailing Instructor Crew/.test(b) && /givenName\s.*Bola Emily/.test(b)) || b.slice(0, 500);
    });
  },
  'signing out': async (page, url, account) => {
    await plaLogin(page, url, account);
    await page.locator('#ajTREE', { hasText: 'Logged in as' }).waitFor({ timeout: T });
    await page.click('a[title="Logout of this server"]');
    await waitFor(3, 'signed out', async () => {
      const t = await txt(page.locator('#ajTREE'));
      return (/\blogin\b/.test(t) && !t.includes('Logged in as') && !(await page.locator('#ajTREE a.phplm').count())) || t;
    });
  },
};
