import { createRequire } from 'node:module';
import { SvcError } from '../contract/errors.js';
import type { DocFormat, ParsedApiDocs } from '../contract/discovery.js';
import { isPostman, readPostman } from './docs-postman.js';
import { readFreeform } from './docs-freeform.js';
import { annotateEndpoints } from './pairing.js';

/** Uploaded docs are capped well above any real API description; beyond it parsing is refused. */
export const MAX_DOC_BYTES = 5 * 1024 * 1024;

export interface ParseDocsOptions {
  filename?: string;
  contentType?: string;
}

/**
 * Reads API documentation in any supported format into endpoints. Detection goes by content
 * (a filename or content type only decides how to read structured text). Parts that cannot be
 * read are listed in `warnings`; a document with nothing readable is a VALIDATION_ERROR.
 */
export async function parseApiDocs(text: string, opts: ParseDocsOptions = {}): Promise<ParsedApiDocs> {
  if (Buffer.byteLength(text) > MAX_DOC_BYTES) {
    throw new SvcError('PAYLOAD_TOO_LARGE', `API documentation is larger than ${MAX_DOC_BYTES / 1024 / 1024} MB`, {
      nextAction: 'Upload only the API description (OpenAPI, Swagger, Postman or text)',
    });
  }
  const src = text.replace(/^\uFEFF/, '');
  const structured = readStructured(src, opts);
  let format: DocFormat;
  let result: Omit<ParsedApiDocs, 'format'>;
  const warnings: string[] = [];
  if (structured.error) warnings.push(structured.error);
  const doc = structured.value;
  if (doc && typeof doc === 'object' && !Array.isArray(doc) && typeof (doc as any).openapi === 'string') {
    format = 'openapi3';
    if (!/^3\./.test((doc as any).openapi)) warnings.push(`openapi ${(doc as any).openapi} is read as 3.x`);
    result = await (await openApiReader())(doc as any, format);
  } else if (doc && typeof doc === 'object' && String((doc as any).swagger ?? '') !== '' ) {
    format = 'swagger2';
    if (String((doc as any).swagger) !== '2.0') warnings.push(`swagger ${(doc as any).swagger} is read as 2.0`);
    result = await (await openApiReader())(doc as any, format);
  } else if (doc && typeof doc === 'object' && isPostman(doc as any)) {
    format = 'postman';
    result = readPostman(doc as any);
  } else {
    format = 'freeform';
    if (structured.looksStructured && !structured.error) warnings.push('the document is JSON/YAML but neither OpenAPI, Swagger nor a Postman collection; read as text');
    result = readFreeform(src);
  }
  warnings.push(...result.warnings);
  if (!result.endpoints.length) {
    throw new SvcError('VALIDATION_ERROR', `No endpoints could be read from the ${structured.error ? 'document' : label(format)}${warnings.length ? `: ${warnings.slice(0, 5).join('; ')}` : ''}`, {
      nextAction: 'Upload OpenAPI 3.x or Swagger 2.0 (JSON/YAML), a Postman v2.1 collection, or text with lines like "GET /users"',
      details: { format, warnings },
    });
  }
  const out: ParsedApiDocs = { format, endpoints: annotateEndpoints(result.endpoints), warnings: [...new Set(warnings)] };
  if (result.title) out.title = result.title;
  return out;
}

/**
 * The OpenAPI reader (swagger-parser with its schema validators) and YAML are loaded with the first
 * document that needs them: about 150 ms of every server's start-up otherwise.
 */
const openApiReader = async () => (await import('./docs-openapi.js')).readOpenApi;

function label(format: DocFormat): string {
  return { openapi3: 'OpenAPI document', swagger2: 'Swagger document', postman: 'Postman collection', freeform: 'text' }[format];
}

/** JSON first, then YAML; a parse error matters only when the text was meant to be structured. */
function readStructured(text: string, opts: ParseDocsOptions): { value?: unknown; error?: string; looksStructured: boolean } {
  const trimmed = text.trimStart();
  const byName = /\.(json|ya?ml)$/i.test(opts.filename ?? '') || /json|yaml/i.test(opts.contentType ?? '');
  const jsonish = trimmed.startsWith('{') || trimmed.startsWith('[');
  const yamlish = /^(openapi|swagger|info|paths)\s*:/m.test(text);
  const looksStructured = byName || jsonish || yamlish;
  if (jsonish) {
    try {
      return { value: JSON.parse(text), looksStructured };
    } catch (e) {
      if (!yamlish) return { error: `JSON: ${(e as Error).message}`, looksStructured };
    }
  }
  if (!looksStructured) return { looksStructured };
  try {
    const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
    const value = parse(text, { maxAliasCount: 100 });
    return { value, looksStructured };
  } catch (e) {
    return { error: `YAML: ${(e as Error).message.split('\n')[0]}`, looksStructured };
  }
}
