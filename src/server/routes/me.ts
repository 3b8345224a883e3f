import { getMe, type Identity } from '../../contract/me.js';
import type { RouteRegistrar } from '../routes.js';

export const registerMe: RouteRegistrar = (app, { mount }) => {
  mount(app, getMe, async ({ auth, deps }) => {
    const me: Identity = {
      userId: auth.userId,
      name: auth.userName,
      email: auth.email,
      keyId: auth.keyId,
      env: deps.config.env,
      scopes: auth.scopes,
      privateTargets: deps.config.targetPolicy.allowPrivate,
      targetPolicy: { allowPrivate: deps.config.targetPolicy.allowPrivate, allowTargets: deps.config.targetPolicy.allowTargets ?? [] },
    };
    if (auth.credits !== null) me.credits = auth.credits;
    if (auth.subPlan !== null) me.subPlan = auth.subPlan;
    if (auth.creditsPerRun !== null) me.creditsPerRun = auth.creditsPerRun;
    return me;
  });
};
