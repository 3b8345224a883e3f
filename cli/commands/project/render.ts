import type { Project, ProjectPage } from '../../../src/contract/projects.js';
import { renderFields, renderTable } from '../../../src/output/table.js';

export function renderProject(p: Project): string {
  const fields: [string, unknown][] = [
    ['id', p.id],
    ['name', p.name],
    ['type', p.type],
    ['createdFrom', p.createdFrom],
    ['createdAt', p.createdAt],
    ['updatedAt', p.updatedAt],
    ['url', p.url],
    ['username', p.username],
    ['password', p.password],
    ['instruction', p.instruction],
  ];
  if (p.type === 'backend') {
    fields.push(['credential', p.credential ? `${p.credential.type}${p.credential.value ? ` ${p.credential.value}` : ''}` : null]);
    const a = p.autoAuth;
    fields.push(['autoAuth', a ? `${a.enabled ? 'enabled' : 'disabled'}: ${a.method}, inject ${a.inject}${a.injectKey ? ` (${a.injectKey})` : ''}` : null]);
  }
  fields.push(['dashboard', p.dashboardUrl]);
  return renderFields(fields);
}

export function renderProjectPage(page: ProjectPage): string {
  let s = renderTable(['ID', 'NAME', 'TYPE', 'FROM', 'CREATED'], page.items.map((p) => [p.id, p.name, p.type, p.createdFrom, p.createdAt]));
  if (page.nextToken) s += `nextToken: ${page.nextToken}\n`;
  return s;
}
