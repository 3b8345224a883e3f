import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Collection, type Item } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { documentedEndpoints } from '../../fixtures/target-api/lib/routes.mjs';
import { renderDerived } from '../../fixtures/target-api/tools/convert-docs.mjs';
import { ROOT } from '../helpers/paths.js';

const DIR = join(ROOT, 'fixtures/target-api');
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function fromOpenApiPaths(paths: Record<string, Record<string, unknown>>): string[] {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

function fromPostman(): string[] {
  const out: string[] = [];
  new Collection(JSON.parse(read('postman.json'))).forEachItem((item: Item) => {
    const path = '/' + (item.request.url.path ?? []).join('/').replace(/:(\w+)/g, '{$1}');
    out.push(`${item.request.method} ${path}`);
  });
  return out;
}

function fromMarkdown(): string[] {
  return [...read('api.md').matchAll(/^#{1,6}\s+(GET|POST|PUT|PATCH|DELETE) (\/\S*)\s*$/gm)].map(([, m, p]) => `${m} ${p}`);
}

const sorted = (xs: string[]) => [...xs].sort();

describe('target-api documentation', () => {
  it('is valid OpenAPI 3 (yaml and json) and Swagger 2', async () => {
    for (const name of ['openapi.yaml', 'openapi.json', 'swagger.json']) {
      await expect(SwaggerParser.validate(join(DIR, name))).resolves.toBeTruthy();
    }
    expect(parse(read('openapi.yaml')).openapi).toBe('3.0.3');
    expect(JSON.parse(read('swagger.json')).swagger).toBe('2.0');
  });

  it('lists the same METHOD /path set in every form, matching the server routes', () => {
    const expected = sorted(documentedEndpoints());
    expect(expected).toHaveLength(27);
    expect(new Set(expected).size).toBe(expected.length);
    expect(sorted(fromOpenApiPaths(parse(read('openapi.yaml')).paths))).toEqual(expected);
    expect(sorted(fromOpenApiPaths(JSON.parse(read('swagger.json')).paths))).toEqual(expected);
    expect(sorted(fromPostman())).toEqual(expected);
    expect(sorted(fromMarkdown())).toEqual(expected);
    expect(expected).not.toContain('DELETE /tags/{id}');
  });

  it('keeps the derived JSON files in sync with openapi.yaml', () => {
    const derived = renderDerived(read('openapi.yaml'));
    for (const [name, text] of Object.entries(derived)) expect(read(name), name).toBe(text);
  });

  it('declares bearer, API key and basic security, and bearer on /admin/stats', () => {
    const doc = parse(read('openapi.yaml'));
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKeyAuth', 'basicAuth', 'bearerAuth']);
    expect(doc.paths['/admin/stats'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.schemas.CommentInput.required).toEqual(['text']);
    const postman = JSON.parse(read('postman.json'));
    expect(postman.variable.map((v: { key: string }) => v.key)).toContain('baseUrl');
  });
});
