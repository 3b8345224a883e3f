import { z } from 'zod';
import { getMe } from '../contract/me.js';
import { SvcError } from '../contract/errors.js';
import type { ResolvedConfig } from '../client/config.js';
import { verifySkillStates } from '../agent/detect.js';
import { packageVersion } from '../util/package-root.js';
import { defineOp, READ } from './op.js';

export const CheckStatus = z.enum(['OK', 'WARN', 'FAIL']);
export const DoctorReport = z
  .object({
    checks: z.array(z.object({ name: z.string(), status: CheckStatus, detail: z.string() })),
    failures: z.number().int(),
    warnings: z.number().int(),
  })
  .meta({ id: 'DoctorReport' });
export type DoctorReport = z.infer<typeof DoctorReport>;
type Check = DoctorReport['checks'][number];

/** The fixed checklist of SPEC.md 4.4. Never throws for a failing check: it reports it. */
export const doctor = defineOp({
  name: 'doctor',
  title: 'Diagnose the setup',
  description: 'Checks CLI version, Node.js, profile, endpoint, credentials, live connectivity and the installed verify skill.',
  input: z.object({}),
  output: DoctorReport,
  annotations: READ,
  sample: (): DoctorReport => ({
    checks: [
      { name: 'cli version', status: 'OK', detail: 'svc 0.1.0' },
      { name: 'node runtime', status: 'OK', detail: 'v20.20.2' },
      { name: 'active profile', status: 'OK', detail: 'default' },
      { name: 'api endpoint', status: 'OK', detail: 'http://127.0.0.1:7788/api/v1 (default)' },
      { name: 'credentials', status: 'OK', detail: 'svc_Ab12… from file' },
      { name: 'connectivity', status: 'OK', detail: 'GET /me 200 as usr_0000000000sample in 12ms' },
      { name: 'verify skill', status: 'OK', detail: 'installed for claude' },
    ],
    failures: 0,
    warnings: 0,
  }),
  async run(ctx) {
    const checks: Check[] = [];
    const add = (name: string, status: Check['status'], detail: string) => checks.push({ name, status, detail });
    add('cli version', 'OK', `svc ${packageVersion()}`);
    const major = Number(process.versions.node.split('.')[0]);
    add('node runtime', major >= 20 ? 'OK' : 'FAIL', major >= 20 ? `v${process.versions.node}` : `v${process.versions.node}: Node.js 20 or newer is required`);

    let cfg: ResolvedConfig | undefined;
    try {
      cfg = ctx.config();
    } catch (err) {
      add('configuration', 'FAIL', err instanceof SvcError ? `${err.message} — ${err.nextAction}` : String(err));
    }
    if (cfg) {
      if (cfg.profileExists) add('active profile', 'OK', `${cfg.profile} (${cfg.profileSource})`);
      else if (cfg.profileSource !== 'default') add('active profile', 'FAIL', `profile '${cfg.profile}' not found in ${cfg.credentialsFile} — run 'svc --profile ${cfg.profile} setup'`);
      else add('active profile', cfg.keySource === 'env' ? 'OK' : 'WARN', `${cfg.profile} (no section in ${cfg.credentialsFile}${cfg.keySource === 'env' ? '; key from SVC_API_KEY' : ''})`);
      add('api endpoint', 'OK', `${cfg.apiUrl} (${cfg.urlSource})`);
      if (cfg.apiKey) add('credentials', 'OK', `${cfg.apiKey.slice(0, 8)}… from ${cfg.keySource === 'env' ? 'SVC_API_KEY' : cfg.credentialsFile}`);
      else add('credentials', 'FAIL', "no API key — run 'svc setup --api-key <key>' or set SVC_API_KEY");
      if (cfg.apiKey) {
        const started = performance.now();
        try {
          const me = await ctx.client().call(getMe);
          add('connectivity', 'OK', `GET /me 200 as ${me.userId} (${me.env}) in ${Math.round(performance.now() - started)}ms`);
        } catch (err) {
          const e = err instanceof SvcError ? err : new SvcError('TRANSPORT', String(err));
          add('connectivity', 'FAIL', `${e.code}: ${e.message} — ${e.nextAction}`);
        }
      } else add('connectivity', 'FAIL', 'skipped: no API key');
    }
    let skill: ReturnType<typeof verifySkillStates> = [];
    try {
      skill = verifySkillStates(ctx.cwd);
    } catch {
      /* an unreadable working directory just means no skill is found there */
    }
    const current = skill.filter((s) => s.state === 'ok').map((s) => s.target);
    const other = skill.filter((s) => s.state !== 'ok').map((s) => `${s.target} (${s.state})`);
    if (current.length) add('verify skill', 'OK', `installed for ${current.join(', ')}${other.length ? `; needs attention: ${other.join(', ')}` : ''}`);
    else if (other.length) add('verify skill', 'WARN', `present but not current: ${other.join(', ')} — run 'svc agent status', then 'svc agent install'`);
    else add('verify skill', 'WARN', `not installed in ${ctx.cwd} — run 'svc agent install'`);
    return {
      checks,
      failures: checks.filter((c) => c.status === 'FAIL').length,
      warnings: checks.filter((c) => c.status === 'WARN').length,
    };
  },
});
