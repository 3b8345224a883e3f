import { lstatSync } from 'node:fs';
import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { locate, readText, type Located } from './fs-safe.js';
import type { FileState } from './report.js';
import type { Target } from './targets.js';

/**
 * The svc-mcp entry in each agent's project-scoped MCP configuration, merged into the file beside
 * the servers already there. Agents that read MCP servers only from user-level settings (Windsurf,
 * Cline, Antigravity) get no project file; the report shows them the entry to add themselves.
 */
const MCP_SERVER_NAME = 'svc';
const MCP_COMMAND = 'svc-mcp';

type JsonConfig = { format: 'json'; path: string; key: 'mcpServers' | 'servers'; entry: Record<string, unknown> };
type TomlConfig = { format: 'toml'; path: string };
export type McpConfigSpec = JsonConfig | TomlConfig;

const STDIO = { command: MCP_COMMAND, args: [] as string[] };

export function mcpConfigOf(target: Target): McpConfigSpec | null {
  switch (target) {
    case 'claude':
      return { format: 'json', path: '.mcp.json', key: 'mcpServers', entry: STDIO };
    case 'cursor':
      return { format: 'json', path: '.cursor/mcp.json', key: 'mcpServers', entry: STDIO };
    case 'copilot':
      return { format: 'json', path: '.vscode/mcp.json', key: 'servers', entry: { type: 'stdio', ...STDIO } };
    case 'kiro':
      return { format: 'json', path: '.kiro/settings/mcp.json', key: 'mcpServers', entry: STDIO };
    case 'codex':
      return { format: 'toml', path: '.codex/config.toml' };
    case 'windsurf':
    case 'cline':
    case 'antigravity':
      return null;
  }
}

/** Where an agent without a project-scoped MCP file keeps its servers, and the entry to add there. */
export function userLevelHint(target: Target): string {
  const where: Partial<Record<Target, string>> = {
    windsurf: '~/.codeium/windsurf/mcp_config.json',
    cline: "Cline's MCP settings (cline_mcp_settings.json)",
    antigravity: "Antigravity's MCP settings (mcp_config.json)",
  };
  return `${target} reads MCP servers only from ${where[target] ?? 'its user settings'}: add "${MCP_SERVER_NAME}": ${JSON.stringify(STDIO)} under mcpServers there`;
}

export interface McpInspection {
  rel: string;
  loc: Located;
  state: FileState;
  note?: string;
  /** The file with the svc entry in place; null when it cannot be produced without --force. */
  merged: string | null;
}

const TOML_ENTRY = `[mcp_servers.${MCP_SERVER_NAME}]\ncommand = "${MCP_COMMAND}"\nargs = []\n`;

/** A new MCP file holding only the svc entry. */
export function freshMcpFile(spec: McpConfigSpec): string {
  return spec.format === 'json' ? `${JSON.stringify({ [spec.key]: { [MCP_SERVER_NAME]: spec.entry } }, null, 2)}\n` : TOML_ENTRY;
}

/** State of the svc entry in a target's MCP file: ok, modified (differs), absent, corrupt (unparseable). */
export function inspectMcp(root: string, spec: McpConfigSpec): McpInspection {
  const rel = spec.path;
  const loc = locate(root, rel);
  if (loc.escape) return { rel, loc, state: 'unmarked', note: `${loc.escape} is a symlink that leaves the project dir; not followed`, merged: null };
  if (!loc.exists) return { rel, loc, state: 'absent', merged: freshMcpFile(spec) };
  if (!lstatSync(loc.abs).isFile()) return { rel, loc, state: 'unmarked', note: 'not a regular file', merged: null };
  const current = readText(loc.abs);
  return spec.format === 'json' ? inspectJson(rel, loc, current, spec) : inspectToml(rel, loc, current);
}

function inspectJson(rel: string, loc: Located, current: string, spec: JsonConfig): McpInspection {
  const errors: ParseError[] = [];
  const doc = parse(current, errors, { allowTrailingComma: true });
  const base = { rel, loc };
  if (errors.length || (current.trim() !== '' && (doc === null || typeof doc !== 'object' || Array.isArray(doc)))) {
    const why = errors.length ? `${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset}` : 'not a JSON object';
    return { ...base, state: 'corrupt', note: `unreadable JSON: ${why}`, merged: null };
  }
  const servers = (doc ?? {})[spec.key];
  if (servers !== undefined && (servers === null || typeof servers !== 'object' || Array.isArray(servers))) {
    return { ...base, state: 'corrupt', note: `"${spec.key}" is not an object`, merged: null };
  }
  const merged = setEntry(current.trim() === '' ? '{}' : current, [spec.key, MCP_SERVER_NAME], spec.entry);
  const ours = (servers as Record<string, unknown> | undefined)?.[MCP_SERVER_NAME];
  if (ours === undefined) return { ...base, state: 'absent', merged: merged.endsWith('\n') ? merged : `${merged}\n` };
  if (JSON.stringify(ours) === JSON.stringify(spec.entry)) return { ...base, state: 'ok', merged: current };
  return { ...base, state: 'modified', note: `the "${MCP_SERVER_NAME}" server entry differs from what svc installs`, merged };
}

/**
 * Sets one value in a JSON(C) text and leaves every other byte as it was: comments, order, the
 * formatting of the other servers. (jsonc-parser's own formatting would reflow the sibling before
 * the insertion.) The new value is indented like the line it lands on.
 */
function setEntry(text: string, path: string[], value: unknown): string {
  const edits = modify(text, path, value, {});
  if (edits.length !== 1) return applyEdits(text, modify(text, path, value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } }));
  const edit = edits[0]!;
  const lineStart = text.lastIndexOf('\n', edit.offset - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const pretty = (v: unknown, pad: string) => JSON.stringify(v, null, 2).split('\n').join(`\n${pad}`);
  const name = JSON.stringify(path.at(-1));
  let content: string;
  if (edit.content.startsWith(',')) content = `,\n${indent}${name}: ${pretty(value, indent)}`; // after a sibling
  else if (edit.content.startsWith(name)) return applyEdits(text, modify(text, path, value, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } })); // first member: nothing to reflow
  else content = pretty(value, indent); // the value replaced in place
  return applyEdits(text, [{ ...edit, content }]);
}

/** The `[mcp_servers.svc]` table: from its header to the next table header. */
function tomlTable(text: string): { start: number; end: number } | null {
  const header = new RegExp(`^\\[mcp_servers\\.(?:${MCP_SERVER_NAME}|"${MCP_SERVER_NAME}")\\]\\s*(#.*)?$`, 'm').exec(text);
  if (!header) return null;
  const after = header.index + header[0].length;
  const next = /^\s*\[/m.exec(text.slice(after));
  return { start: header.index, end: next ? after + next.index : text.length };
}

function inspectToml(rel: string, loc: Located, current: string): McpInspection {
  const base = { rel, loc };
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(current) as Record<string, unknown>;
  } catch (e) {
    return { ...base, state: 'corrupt', note: `unreadable TOML: ${(e as Error).message.split('\n')[0]}`, merged: null };
  }
  const ours = (doc.mcp_servers as Record<string, unknown> | undefined)?.[MCP_SERVER_NAME] as Record<string, unknown> | undefined;
  const table = tomlTable(current);
  if (ours === undefined) {
    const sep = current === '' || current.endsWith('\n\n') ? '' : current.endsWith('\n') ? '\n' : '\n\n';
    return { ...base, state: 'absent', merged: `${current}${sep}${TOML_ENTRY}` };
  }
  const same = ours.command === MCP_COMMAND && Array.isArray(ours.args) && ours.args.length === 0 && Object.keys(ours).length === 2;
  if (same) return { ...base, state: 'ok', merged: current };
  // Defined other than as its own table (inline, dotted keys): svc does not rewrite what it cannot place.
  if (!table) return { ...base, state: 'modified', note: `mcp_servers.${MCP_SERVER_NAME} is not a table of its own; edit it by hand`, merged: null };
  const tail = current.slice(table.end);
  return { ...base, state: 'modified', note: `the "${MCP_SERVER_NAME}" server entry differs from what svc installs`, merged: `${current.slice(0, table.start)}${TOML_ENTRY}${tail ? `\n${tail}` : ''}` };
}
