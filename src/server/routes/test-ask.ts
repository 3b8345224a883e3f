import { askTest } from '../../contract/chat.js';
import { askAboutTest } from '../chat/ask.js';
import type { RouteRegistrar } from '../routes.js';

export const registerTestAsk: RouteRegistrar = (app, { mount }) => {
  mount(app, askTest, ({ params, body, auth, deps, surface }) => askAboutTest(deps, auth.userId, params.testId, body, surface));
};
