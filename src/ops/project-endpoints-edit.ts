import { z } from 'zod';
import { Id } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';
import { EndpointEditBody, EndpointList } from '../contract/generation.js';
import { editEndpoint } from '../contract/generation-endpoints.js';
import { defineOp } from './op.js';
import { sampleEndpoints } from './generation-samples.js';

const EditInput = z.object({
  projectId: Id,
  op: z.enum(['update', 'setFamilyAuth', 'add', 'remove']).describe('update: method/path/auth of endpoint id; setFamilyAuth: auth of a family; add: method + path; remove: endpoint id'),
  id: z.string().min(1).max(600).optional().describe('Endpoint id "METHOD /path" (update, remove)'),
  method: z.string().min(1).max(10).optional(),
  path: z.string().min(1).max(500).optional(),
  auth: z.string().min(1).max(40).optional().describe('none, bearer, apiKey or basic'),
  family: z.string().min(1).max(200).optional().describe('Endpoint family, e.g. users (setFamilyAuth)'),
  summary: z.string().max(300).optional().describe('add: a one-line summary'),
});

/** The flat tool input as the API's edit body; a missing field for the chosen op is a validation error. */
export function editBody(i: z.infer<typeof EditInput>): EndpointEditBody {
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new SvcError('VALIDATION_ERROR', `${i.op} needs ${what}`, { nextAction: 'See the op description for the fields of each edit.' });
    return v;
  };
  const body =
    i.op === 'update' ? { op: i.op, id: need(i.id, 'id'), method: i.method, path: i.path, auth: i.auth }
    : i.op === 'setFamilyAuth' ? { op: i.op, family: need(i.family, 'family'), auth: need(i.auth, 'auth') }
    : i.op === 'add' ? { op: i.op, method: need(i.method, 'method'), path: need(i.path, 'path'), auth: i.auth, summary: i.summary }
    : { op: i.op, id: need(i.id, 'id') };
  return EndpointEditBody.parse(body);
}

export const projectEndpointsEdit = defineOp({
  name: 'project.endpoints-edit',
  title: 'Edit endpoints',
  description: "One change to a backend project's endpoint list: op 'update' (id plus method, path and/or auth), 'setFamilyAuth' (family, auth), 'add' (method, path, optional auth and summary) or 'remove' (id). auth is none, bearer, apiKey or basic. Returns the new list; cleanup follows its DELETE endpoints.",
  input: EditInput,
  output: EndpointList,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  sample: (i) => sampleEndpoints(i.projectId),
  run: (ctx, i) => ctx.client().call(editEndpoint, { params: { projectId: i.projectId }, body: editBody(i) }),
});
