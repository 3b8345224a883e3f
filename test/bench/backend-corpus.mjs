// Backend generation on real third-party API servers (test/corpus/backend-apis.mjs): for each, the
// suite generated from its OpenAPI document alone is run through the real service and scored
// against the defects found in it by hand. Run after `npm run build`:
//   node test/bench/backend-corpus.mjs [name ...]
import { APIS, evaluateApi } from '../corpus/backend-apis.mjs';

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(APIS);
const rows = [];
for (const name of names) {
  const started = Date.now();
  const r = await evaluateApi(name);
  const found = r.defects.filter((d) => d.found && d.blamed).length;
  rows.push({
    api: name,
    tests: r.tests,
    failed: r.failures.length,
    'defects found (API blamed)': `${found}/${r.defects.length}`,
    recall: `${Math.round((100 * found) / r.defects.length)}%`,
    'false failures': r.falseFailures.length,
    precision: r.failures.length ? `${Math.round((100 * (r.failures.length - r.falseFailures.length)) / r.failures.length)}%` : '-',
    'pre-existing records changed': r.changed.length,
    'records left behind': r.leftovers.length,
    seconds: Math.round((Date.now() - started) / 1000),
  });
  for (const d of r.defects.filter((x) => !x.found || !x.blamed)) console.log(`${name}: ${d.found ? 'reported without the API blamed' : 'missed'}: ${d.id} — ${d.title}`);
  for (const f of r.falseFailures) console.log(`${name}: false failure: ${f.testName}: ${f.message.split('\n')[0]}`);
  for (const c of [...r.changed, ...r.leftovers]) console.log(`${name}: ${c}`);
}
console.table(rows);
