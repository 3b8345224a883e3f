import { z } from 'zod';
import { Id } from '../contract/common.js';
import { EndpointList } from '../contract/generation.js';
import { listEndpoints } from '../contract/generation-endpoints.js';
import { defineOp, READ } from './op.js';
import { sampleEndpoints } from './generation-samples.js';
import { SlicePagingInput, slicePage } from './paging.js';

const EndpointPage = EndpointList.extend({ nextToken: z.string().nullable().optional().describe('Present when paged: the token of the next page, null on the last') });

export const projectEndpoints = defineOp({
  name: 'project.endpoints',
  title: 'List endpoints',
  description: "A backend project's reviewed endpoints (id 'METHOD /path', auth, family, DELETE pairing), the orphan candidates (creates with no DELETE), cleanup's delete templates and the last probe evidence (for the endpoints of the page). Paged: pass nextToken back as startingToken.",
  input: z.object({ projectId: Id, ...SlicePagingInput }),
  output: EndpointPage,
  annotations: READ,
  sample: (i) => sampleEndpoints(i.projectId),
  async run(ctx, i) {
    const list = await ctx.client().call(listEndpoints, { params: { projectId: i.projectId } });
    const page = slicePage(list.endpoints, { ...i, surface: ctx.surface });
    if (!page) return list;
    const ids = new Set(page.items.map((e) => e.id));
    return { ...list, endpoints: page.items, probes: list.probes.filter((p) => ids.has(p.endpointId)), nextToken: page.nextToken };
  },
});
