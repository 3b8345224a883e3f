// Backend generation on real third-party API servers (test/corpus/backend-apis.mjs): for each, the
// suite generated from its OpenAPI document alone is run through the real service and scored
// against the defects found in it by hand; then the strict reference of fixtures/target-api and its
// mutants (false failures on the reference, kill rate). Run after `npm run build`:
//   node test/bench/backend-corpus.mjs [name ...]      (names: the APIs and `reference`; default all)
import { APIS, evaluateApi, evaluateReference } from '../corpus/backend-apis.mjs';

const asked = process.argv.slice(2);
const names = asked.length ? asked.filter((n) => n !== 'reference') : Object.keys(APIS);
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
if (rows.length) console.table(rows);

if (!asked.length || asked.includes('reference')) {
  const started = Date.now();
  const r = await evaluateReference();
  const killed = r.mutants.filter((m) => m.killed);
  const blamed = r.mutants.filter((m) => m.blamed);
  for (const m of r.mutants.filter((x) => !x.killed)) console.log(`reference: mutant survived: ${m.id} — ${m.rule}`);
  for (const f of r.reference.failures) console.log(`reference: false failure: ${f.testName}: ${f.message.split('\n')[0]}`);
  console.table([{
    api: 'target-api reference',
    tests: r.tests,
    'false failures on the reference': r.reference.failures.length,
    'pre-existing records changed': r.reference.changed.length,
    mutants: r.mutants.length,
    killed: `${killed.length} (${Math.round((100 * killed.length) / r.mutants.length)}%)`,
    'killed, API blamed': blamed.length,
    seconds: Math.round((Date.now() - started) / 1000),
  }]);
}
