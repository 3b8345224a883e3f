// Writes schemas/plan.schema.json from the zod schema of a plan file (run after `npm run build`).
// test/unit/plan-schema.test.ts fails when the committed file and the schema drift apart.
import { mkdirSync, writeFileSync } from 'node:fs';
import { planJsonSchema } from '../dist/src/contract/test-fields.js';

mkdirSync('schemas', { recursive: true });
writeFileSync('schemas/plan.schema.json', `${JSON.stringify(planJsonSchema(), null, 2)}\n`);
console.log('wrote schemas/plan.schema.json');
