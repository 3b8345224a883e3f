import type { Command } from 'commander';
import { SvcError } from '../../../src/contract/errors.js';
import type { EndpointEditBody } from '../../../src/contract/generation.js';
import { projectEndpoints } from '../../../src/ops/project-endpoints.js';
import { projectEndpointsEdit } from '../../../src/ops/project-endpoints-edit.js';
import { intFlag } from '../../flags.js';
import type { Runtime } from '../../runtime.js';
import { renderEndpoints } from './render-generation.js';

const invalid = (m: string, next: string) => new SvcError('VALIDATION_ERROR', m, { nextAction: next });

/** Turns the flags into one edit, or null to list. */
function editOf(o: Record<string, string | undefined>): EndpointEditBody | null {
  const modes = (['update', 'family', 'add', 'remove'] as const).filter((k) => o[k] !== undefined);
  if (modes.length > 1) throw invalid(`--${modes.join(', --')} are mutually exclusive`, 'Make one change per invocation.');
  const mode = modes[0];
  if (!mode) {
    if (o.method || o.path || o.auth) throw invalid('--method, --path and --auth go with --update, --family or --add', "e.g. --update 'GET /users' --auth none");
    return null;
  }
  if (mode !== 'update' && (o.method || o.path)) throw invalid('--method and --path go with --update', "e.g. --update 'GET /users' --path /v2/users");
  switch (mode) {
    case 'update':
      if (!o.method && !o.path && !o.auth) throw invalid('--update needs --method, --path or --auth', "e.g. --update 'GET /users' --auth none");
      return { op: 'update', id: o.update!, method: o.method, path: o.path, auth: o.auth };
    case 'family':
      if (!o.auth) throw invalid('--family needs --auth', 'e.g. --family users --auth bearer');
      return { op: 'setFamilyAuth', family: o.family!, auth: o.auth };
    case 'add': {
      const m = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(o.add!);
      if (!m) throw invalid(`--add: '${o.add}' is not "METHOD /path"`, 'e.g. --add "GET /reports/{id}"');
      return { op: 'add', method: m[1]!, path: m[2]!, auth: o.auth };
    }
    case 'remove':
      if (o.auth) throw invalid('--auth does not go with --remove', 'Drop --auth.');
      return { op: 'remove', id: o.remove! };
  }
}

export function registerProjectEndpoints(group: Command, rt: Runtime): void {
  group
    .command('endpoints <project-id>')
    .description("list a backend project's endpoints with their DELETE pairing, or change one (one change per invocation)")
    .option('--update <endpoint-id>', 'change the endpoint "METHOD /path" (with --method, --path, --auth)')
    .option('--method <method>', 'with --update: the new HTTP method')
    .option('--path <path>', 'with --update: the new path template')
    .option('--family <family>', 'set the auth of a whole family (with --auth), e.g. users')
    .option('--add <endpoint>', 'add an endpoint, e.g. "GET /reports/{id}" (optional --auth)')
    .option('--remove <endpoint-id>', 'remove an endpoint')
    .option('--auth <auth>', 'none, bearer, apiKey or basic')
    .option('--page-size <n>', 'list: endpoints per page, 1-500 (default all)', intFlag(1, 500))
    .option('--starting-token <token>', 'list: continue from the nextToken of a previous page')
    .action(async (projectId: string, o) => {
      const { pageSize, startingToken, ...flags } = o;
      const edit = editOf(flags);
      if (edit && (pageSize !== undefined || startingToken !== undefined)) throw invalid('--page-size and --starting-token go with the list, not with a change', 'Drop them, or drop the change flags.');
      const v = edit ? await rt.exec(projectEndpointsEdit, { projectId, ...edit }) : await rt.exec(projectEndpoints, { projectId, pageSize, startingToken });
      rt.emit(v, renderEndpoints);
    });
}
