import { SvcError } from '../../contract/errors.js';
import { autoAuthDefaults, autoAuthProblems, type AutoAuthConfig } from '../../contract/project-auth.js';
import { setProjectAutoAuth } from '../../contract/projects.js';
import { updateProject } from '../../store/repos/projects.js';
import { ownProject, projectView, secretsOf } from '../project-view.js';
import type { RouteRegistrar } from '../routes.js';
import { assertTargetUrl } from '../../engine/target-guard.js';

/**
 * Auto-auth (Pro): a configuration the engine uses to fetch a fresh token before every backend run.
 * Settings merge over the stored ones of the same method, so re-enabling after --disable needs
 * only --method and --inject, and a secret is not re-sent to change an unrelated setting.
 */
export const registerProjectAutoAuth: RouteRegistrar = (app, { mount }) => {
  mount(app, setProjectAutoAuth, async ({ params, body, auth, deps }) => {
    const p = await ownProject(deps, auth.userId, params.projectId);
    if (p.type !== 'backend') {
      throw new SvcError('VALIDATION_ERROR', 'auto-auth keeps backend tokens fresh; this is a frontend project', {
        nextAction: "A frontend project signs in with its test account: 'svc project update <id> --username U --password-file F'.",
      });
    }
    const { disable, ...settings } = body;
    const stored = p.autoAuth;
    let next: AutoAuthConfig | null;
    if (disable) {
      // Turning it off is allowed on every plan, so a downgraded key can still stop it.
      next = stored ? { ...stored, enabled: false } : null;
    } else {
      if (auth.subPlan === 'free') {
        throw new SvcError('FEATURE_GATED', 'auto-auth is a Pro feature and this key is on the free plan', {
          nextAction: "Use a static credential ('svc project credential') on the free plan, or ask the operator for a Pro key.",
        });
      }
      const base = stored && (settings.method === undefined || settings.method === stored.method) ? stored : {};
      const method = settings.method ?? stored?.method;
      const merged = { ...(method ? autoAuthDefaults(method) : {}), ...base, ...definedOnly(settings), enabled: true } as Partial<AutoAuthConfig>;
      const problems = autoAuthProblems(merged);
      if (problems.length) {
        throw new SvcError('VALIDATION_ERROR', `auto-auth: ${problems.join('; ')}`, { details: { issues: problems.map((reason) => ({ field: 'autoAuth', reason })) } });
      }
      const policy = deps.config.targetPolicy;
      if (merged.loginUrl) merged.loginUrl = await assertTargetUrl(policy, merged.loginUrl, 'loginUrl');
      if (merged.tokenEndpoint) merged.tokenEndpoint = await assertTargetUrl(policy, merged.tokenEndpoint, 'tokenEndpoint');
      next = merged as AutoAuthConfig;
    }
    await updateProject(deps.store.db, secretsOf(deps), p.id, { autoAuth: next });
    return projectView(await ownProject(deps, auth.userId, p.id), deps.config.publicUrl);
  });
};

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
