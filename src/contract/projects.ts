import { z } from 'zod';
import { AuthorSurface, Id, PageQuery, pageOf, Timestamp } from './common.js';
import { endpoint } from './endpoint.js';
import { TestType } from './test-fields.js';
import { AutoAuthBody, AutoAuthView, CredentialBody, CredentialView } from './project-auth.js';

export const ProjectName = z.string().max(200, 'name must be at most 200 characters').refine((s) => s.trim().length > 0, 'name must not be empty');
const Url = z.string().max(2048, 'URL must be at most 2048 characters');
const Instruction = z.string().max(10_000, 'instruction must be at most 10000 characters');

/** SPEC.md 2.1. Secrets never leave the server in full: `password` and credential values are masked. */
export const Project = z
  .object({
    id: Id,
    name: z.string(),
    type: TestType,
    createdFrom: AuthorSurface,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    url: z.string().nullable().describe('Frontend starting URL, or a backend base URL (TARGET_URL)'),
    username: z.string().nullable(),
    password: z.string().nullable().describe('Masked, e.g. ****abcd'),
    instruction: z.string().nullable(),
    credential: CredentialView.nullable(),
    autoAuth: AutoAuthView.nullable(),
    dashboardUrl: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectPage = pageOf(Project).meta({ id: 'ProjectPage' });
export type ProjectPage = z.infer<typeof ProjectPage>;

export const ProjectCreateBody = z
  .object({
    type: TestType,
    name: ProjectName,
    url: Url.optional(),
    username: z.string().max(500).optional(),
    password: z.string().max(4096).optional(),
    instruction: Instruction.optional(),
  })
  .meta({ id: 'ProjectCreate' });
export type ProjectCreateBody = z.infer<typeof ProjectCreateBody>;

export const ProjectUpdateBody = ProjectCreateBody.omit({ type: true })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'give at least one field to change (name, url, username, password, instruction)')
  .meta({ id: 'ProjectUpdate' });
export type ProjectUpdateBody = z.infer<typeof ProjectUpdateBody>;

export const ProjectDeleted = z
  .object({ id: Id, deleted: z.literal(true), testsDeleted: z.number().int() })
  .meta({ id: 'ProjectDeleted' });
export type ProjectDeleted = z.infer<typeof ProjectDeleted>;

const byId = z.object({ projectId: Id });

export const listProjects = endpoint({
  id: 'project.list',
  method: 'GET',
  path: '/projects',
  tag: 'projects',
  summary: 'List projects of the calling user, oldest first, a page at a time',
  scope: 'read:projects',
  query: PageQuery,
  response: ProjectPage,
});

export const getProject = endpoint({
  id: 'project.get',
  method: 'GET',
  path: '/projects/{projectId}',
  tag: 'projects',
  summary: 'One project (secrets masked)',
  scope: 'read:projects',
  params: byId,
  response: Project,
});

export const createProject = endpoint({
  id: 'project.create',
  method: 'POST',
  path: '/projects',
  tag: 'projects',
  summary: 'Create a frontend or backend project',
  scope: 'write:projects',
  body: ProjectCreateBody,
  response: Project,
  status: 201,
  idempotent: true,
});

export const updateProject = endpoint({
  id: 'project.update',
  method: 'PATCH',
  path: '/projects/{projectId}',
  tag: 'projects',
  summary: 'Change name, URL, test account or instruction',
  scope: 'write:projects',
  params: byId,
  body: ProjectUpdateBody,
  response: Project,
  idempotent: true,
});

export const deleteProject = endpoint({
  id: 'project.delete',
  method: 'DELETE',
  path: '/projects/{projectId}',
  tag: 'projects',
  summary: 'Delete a project and everything under it, permanently',
  scope: 'write:projects',
  params: byId,
  response: ProjectDeleted,
});

export const setProjectCredential = endpoint({
  id: 'project.credential',
  method: 'PUT',
  path: '/projects/{projectId}/credential',
  tag: 'projects',
  summary: 'Set the static credential injected into every backend run',
  scope: 'write:projects',
  params: byId,
  body: CredentialBody,
  response: Project,
  idempotent: true,
});

export const setProjectAutoAuth = endpoint({
  id: 'project.auto-auth',
  method: 'PUT',
  path: '/projects/{projectId}/auto-auth',
  tag: 'projects',
  summary: 'Configure (or disable) auto-auth: a fresh token fetched for every backend run (Pro)',
  scope: 'write:projects',
  params: byId,
  body: AutoAuthBody,
  response: Project,
  idempotent: true,
});

export const PROJECT_ENDPOINTS = [listProjects, getProject, createProject, updateProject, deleteProject, setProjectCredential, setProjectAutoAuth];
