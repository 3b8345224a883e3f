import type { Hono } from 'hono';
import type { ScheduleView } from '../../contract/schedules.js';
import { projectScheduleDisable } from '../../ops/project-schedule-disable.js';
import { projectScheduleGet } from '../../ops/project-schedule-get.js';
import { projectScheduleSet } from '../../ops/project-schedule-set.js';
import { field, formStrings, optional, radios } from './forms.js';
import type { PortalContext, PortalEnv } from './guard.js';
import { html, type Html } from './html.js';
import type { PortalKit } from './kit.js';
import { BASE, empty, status as statusBadge, when } from './layout.js';
import { projectPage } from './page-lifecycle.js';

/** What a refused schedule form shows again, and a secret issued by this very request. */
export interface ScheduleFormState {
  values?: Record<string, string>;
  fields?: Record<string, string>;
  secret?: string;
}

const FIELDS = ['kind', 'at', 'days', 'cron', 'timeZone', 'webhookUrl', 'notify'] as const;

function describe(s: NonNullable<ScheduleView['schedule']>): string {
  const what = s.kind === 'cron' ? `Cron ${s.cron}` : s.kind === 'weekly' ? `Weekly on ${s.days!.join(', ')} at ${s.at}` : `Daily at ${s.at}`;
  return `${what} (${s.timeZone})`;
}

function current(v: ScheduleView, pid: string): Html {
  const s = v.schedule;
  if (!s) return empty('No schedule: the project runs only when someone starts it.');
  return html`<p><strong>${describe(s)}</strong> · ${s.enabled ? html`<span class="badge">enabled</span>` : html`<span class="badge">disabled</span>`}</p>
    ${s.enabled ? html`<p>Next runs: ${s.nextRuns.map((t, i) => html`${i ? ', ' : ''}${when(t)}`)}</p>
      <form method="post" action="${BASE}/projects/${pid}/schedule/disable"><button class="btn secondary" type="submit">Disable schedule</button></form>` : ''}`;
}

function history(v: ScheduleView): Html | '' {
  const runs = v.recent.length
    ? html`<h3>Last scheduled runs</h3><div class="scroll"><table class="stack"><thead><tr><th>DUE</th><th>RUN</th><th>STATUS</th><th>NOTE</th></tr></thead><tbody>
      ${v.recent.map((r) => html`<tr><td>${when(r.dueAt)}</td><td data-label="Run">${r.batchId && r.dashboard ? html`<a class="mono small" href="${BASE}/batches/${r.batchId}">${r.batchId}</a>` : r.batchId ? html`<span class="mono small">${r.batchId}</span>` : '—'}</td>
        <td data-label="Status">${statusBadge(r.batchStatus ?? r.status)}</td><td data-label="Note">${r.error ?? (r.catchUp ? 'catch-up after downtime' : r.batchId && !r.batchStatus && r.status !== 'starting' ? 'pruned' : '')}</td></tr>`)}</tbody></table></div>`
    : '';
  const misses = v.misses.length
    ? html`<h3>Missed while the server was down</h3><ul>${v.misses.map((m) => html`<li>${m.count} due time${m.count === 1 ? '' : 's'} from ${when(m.from)} to ${when(m.until)}</li>`)}</ul>`
    : '';
  return html`${runs}${misses}`;
}

function webhookPart(v: ScheduleView, secret?: string): Html {
  const w = v.webhook;
  if (!w) return html`<p class="muted">No failure webhook.</p>`;
  const deliveries = v.deliveries.length
    ? html`<div class="scroll"><table class="stack"><thead><tr><th>DELIVERY</th><th>EVENT</th><th>STATUS</th><th>ATTEMPTS</th><th>LAST</th></tr></thead><tbody>
      ${v.deliveries.map((d) => html`<tr><td class="mono small">${d.id}</td><td data-label="Event">${d.event}</td><td data-label="Status">${d.status}</td><td data-label="Attempts">${d.attempts}</td><td data-label="Last">${d.lastError ?? d.lastStatus ?? '—'}</td></tr>`)}</tbody></table></div>`
    : '';
  return html`<p>Webhook: <span class="mono">${w.url}</span> · on ${w.notify === 'all' ? 'any failed run' : 'failed scheduled runs'} · secret <span class="mono">${secret ?? w.secret}</span></p>
    ${secret ? html`<div class="banner info" role="status">This signing secret is shown once: store it now. Deliveries carry <span class="mono">${w.signatureHeader}</span>.</div>` : ''}${deliveries}`;
}

function form(v: ScheduleView | undefined, pid: string, st: ScheduleFormState): Html {
  const s = v?.schedule;
  const val = (k: string, d: string | null | undefined) => st.values?.[k] ?? d ?? '';
  const err = st.fields ?? {};
  return html`<form method="post" action="${BASE}/projects/${pid}/schedule" class="schedule-form">
    ${radios({ name: 'kind', legend: 'Cadence', value: val('kind', s?.kind ?? 'daily'), error: err.kind, options: [['daily', 'Daily'], ['weekly', 'Weekly'], ['cron', 'Cron expression']] })}
    ${field({ name: 'at', label: 'Time of day (daily, weekly)', value: val('at', s?.at), error: err.at, placeholder: '06:30', hint: 'HH:MM, 24 hours' })}
    ${field({ name: 'days', label: 'Days (weekly)', value: val('days', s?.days?.join(',')), error: err.days, placeholder: 'mon,thu', hint: 'mon,thu · mon-fri · weekdays · weekends' })}
    ${field({ name: 'cron', label: 'Cron expression', value: val('cron', s?.cron), error: err.cron, placeholder: '0 6 * * 1-5', hint: 'minute hour day-of-month month day-of-week' })}
    ${field({ name: 'timeZone', label: 'Time zone', value: val('timeZone', s?.timeZone ?? 'UTC'), error: err.timeZone, hint: 'IANA name, e.g. Europe/Berlin' })}
    ${field({ name: 'webhookUrl', label: 'Failure webhook URL (optional)', type: 'url', value: val('webhookUrl', v?.webhook?.url), error: err.webhookUrl, hint: 'A signed JSON payload is POSTed here when a run fails. Leave empty for none.' })}
    ${field({ name: 'notify', label: 'Notify on', type: 'select', value: val('notify', v?.webhook?.notify ?? 'schedule'), error: err.notify, options: [['schedule', 'failed scheduled runs'], ['all', 'any failed run']] })}
    ${v?.webhook ? html`<label><input type="checkbox" name="rotateSecret" value="on"> Issue a new signing secret</label>` : ''}
    <div class="form-actions"><button class="btn" type="submit">Save schedule</button></div>
  </form>`;
}

/** The project page's Schedule section: cadence and next runs, last scheduled runs, misses, webhook; set and disable without scripts. */
export async function scheduleSection(kit: PortalKit, c: PortalContext, pid: string, o: { error?: string; form?: ScheduleFormState }): Promise<Html> {
  const r = await kit.run(c, projectScheduleGet, { projectId: pid });
  const v = r.ok ? r.value : undefined;
  const saved = c.req.query('saved');
  const notice = saved === 'schedule' ? 'Schedule saved.' : saved === 'schedule-disabled' ? 'Schedule disabled; the cadence is kept.' : '';
  const st = o.form ?? {};
  return html`<section class="card step" id="schedule" aria-labelledby="schedule-h"><h2 id="schedule-h">Schedule</h2>
    ${notice ? html`<div class="banner info" role="status">${notice}</div>` : ''}${o.error ? html`<div class="banner bad" role="alert" id="schedule-error">${o.error}</div>` : ''}
    ${v ? html`${current(v, pid)}${history(v)}${webhookPart(v, st.secret)}` : r.ok ? '' : html`<p class="muted">${r.error.message}</p>`}
    <details class="fold"${o.error || !v?.schedule ? html` open` : ''}><summary>${v?.schedule ? 'Change the schedule or webhook' : 'Set a schedule'}</summary>${form(v, pid, st)}</details></section>`;
}

export function registerSchedule(app: Hono<PortalEnv>, kit: PortalKit): void {
  app.post('/projects/:id/schedule', async (c) => {
    const f = formStrings(await c.req.parseBody());
    const kind = f.kind === 'weekly' || f.kind === 'cron' ? f.kind : 'daily';
    const webhookUrl = optional(f.webhookUrl);
    const had = await kit.run(c, projectScheduleGet, { projectId: c.req.param('id') });
    const input = {
      projectId: c.req.param('id'),
      kind,
      at: kind === 'cron' ? undefined : optional(f.at) ?? '',
      days: kind === 'weekly' ? optional(f.days) ?? '' : undefined,
      cron: kind === 'cron' ? optional(f.cron) ?? '' : undefined,
      timeZone: optional(f.timeZone),
      // An emptied URL field removes a webhook there was; no URL and none before changes nothing.
      webhookUrl: webhookUrl ?? (had.ok && had.value.webhook ? null : undefined),
      notify: webhookUrl && (f.notify === 'all' || f.notify === 'schedule') ? f.notify : undefined,
      rotateSecret: webhookUrl && f.rotateSecret === 'on' ? true : undefined,
    };
    const r = await kit.run(c, projectScheduleSet, input, FIELDS);
    if (!r.ok) return projectPage(c, kit, { section: 'schedule', error: r.error.message, schedule: { values: f, fields: r.fields } }, r.error.status === 403 ? 403 : 400);
    if (r.value.webhook?.secretShown) return projectPage(c, kit, { section: 'schedule', schedule: { secret: r.value.webhook.secret } });
    return c.redirect(`${BASE}/projects/${c.req.param('id')}?saved=schedule#schedule`, 303);
  });

  app.post('/projects/:id/schedule/disable', async (c) => {
    const r = await kit.run(c, projectScheduleDisable, { projectId: c.req.param('id') });
    if (!r.ok) return projectPage(c, kit, { section: 'schedule', error: r.error.message }, r.error.status === 404 ? 400 : 403);
    return c.redirect(`${BASE}/projects/${c.req.param('id')}?saved=schedule-disabled#schedule`, 303);
  });
}
