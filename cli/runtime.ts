import { colourEnabled, paint } from '../src/output/colour.js';
import type { Command } from 'commander';
import type { z } from 'zod';
import { SvcError } from '../src/contract/errors.js';
import type { ResolvedConfig } from '../src/client/config.js';
import type { ApiClient, Logger } from '../src/client/http.js';
import type { Op, OpContext } from '../src/ops/op.js';
import { packageVersion } from '../src/util/package-root.js';
import type { Io } from './io.js';

export interface Globals {
  output: 'json' | 'text';
  profile?: string;
  verbose: boolean;
  debug: boolean;
  dryRun: boolean;
  requestTimeout?: number;
  endpointUrl?: string;
}

/**
 * Per-invocation state shared by the command files: global flags, lazily resolved configuration
 * and client, the printers, and the exit code a command wants without an error.
 */
type ClientModules = [typeof import('../src/client/config.js'), typeof import('../src/client/http.js')];

export class Runtime {
  exitCode = 0;
  private cfg?: ResolvedConfig;
  private apiClient?: ApiClient;
  /** Configuration and HTTP modules, imported on first use (help and -V never need them). */
  private modules?: ClientModules;

  constructor(
    readonly program: Command,
    readonly io: Io,
  ) {}

  globals(): Globals {
    const o = this.program.opts();
    return {
      output: o.output ?? 'text',
      profile: o.profile,
      verbose: !!o.verbose || !!o.debug,
      debug: !!o.debug,
      dryRun: !!o.dryRun,
      requestTimeout: o.requestTimeout,
      endpointUrl: o.endpointUrl,
    };
  }

  get json(): boolean {
    return this.globals().output === 'json';
  }

  readonly logger: Logger = {
    debug: (m) => {
      if (this.globals().debug) this.io.err(`[debug] ${m}\n`);
    },
    verbose: (m) => {
      if (this.globals().verbose) this.io.err(`[verbose] ${m}\n`);
    },
    showsVerbose: () => !!this.globals().verbose,
  };

  /** Imports what config() and client() need; exec does it, commands that call them directly first. */
  async load(): Promise<void> {
    this.modules ??= await Promise.all([import('../src/client/config.js'), import('../src/client/http.js')]);
  }

  private loaded(): ClientModules {
    if (!this.modules) throw new Error('Runtime.load() must run before config() or client()');
    return this.modules;
  }

  config(): ResolvedConfig {
    if (!this.cfg) {
      const g = this.globals();
      this.cfg = this.loaded()[0].resolveConfig({ profile: g.profile, endpointUrl: g.endpointUrl, requestTimeout: g.requestTimeout }, this.io.env);
    }
    return this.cfg;
  }

  /** A client for the resolved profile. `keyOptional` lets setup validate a candidate key. */
  client(keyOptional = false): ApiClient {
    if (!this.apiClient) {
      const cfg = this.config();
      const [{ requireKey }, { ApiClient }] = this.loaded();
      const apiKey = keyOptional ? cfg.apiKey : requireKey(cfg);
      this.apiClient = new ApiClient({
        baseUrl: cfg.apiUrl,
        apiKey,
        timeoutMs: cfg.requestTimeoutMs,
        surface: this.io.env.GITHUB_ACTIONS === 'true' ? 'github_action' : 'cli',
        userAgent: `svc-cli/${packageVersion()} node/${process.versions.node}`,
        logger: this.logger,
      });
    }
    return this.apiClient;
  }

  /**
   * A live status line on stderr (TTY and text mode only); `done` clears it. Elsewhere there is no
   * progress to report, and a wait then takes no look only a status line would show.
   */
  progressLine(): { progress: OpContext['progress']; done(): void } {
    const live = this.io.stderrIsTTY && !this.json;
    let drawn = false;
    return {
      progress: live
        ? (p) => {
            this.io.err(`\r\x1b[2K${p.message}`);
            drawn = true;
          }
        : undefined,
      done: () => {
        if (drawn) this.io.err('\r\x1b[2K');
      },
    };
  }

  opContext(keyOptional = false): OpContext {
    return {
      client: () => this.client(keyOptional),
      config: () => this.config(),
      surface: 'cli',
      log: this.logger,
      advise: (m) => this.advise(m),
      progress: undefined,
      env: this.io.env,
      cwd: this.io.cwd,
    };
  }

  /** Validates the input, then runs the op, or returns its canned sample under --dry-run. */
  async exec<I extends z.ZodObject, O extends z.ZodType>(op: Op<I, O>, raw: unknown, opts: { keyOptional?: boolean; progress?: OpContext['progress'] } = {}): Promise<z.infer<O>> {
    const parsed = op.input.safeParse(raw);
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      const field = i.path.join('.') || 'input';
      throw new SvcError('VALIDATION_ERROR', `${field}: ${i.message}`, {
        details: { issues: parsed.error.issues.map((x) => ({ field: x.path.join('.'), reason: x.message })) },
      });
    }
    if (this.globals().dryRun && !op.local) {
      this.advise('dry run: no request sent; this is a sample response');
      return op.output.parse(op.sample(parsed.data));
    }
    await this.load();
    return op.run({ ...this.opContext(opts.keyOptional), progress: opts.progress }, parsed.data);
  }

  /** Prints data: JSON in json mode, else the text rendering. */
  emit<T>(data: T, text: (d: T) => string): void {
    if (this.json) this.io.out(`${JSON.stringify(data, null, 2)}\n`);
    else this.io.out(colourEnabled(this.io.env, !!this.io.stdoutIsTTY) ? paint(text(data)) : text(data));
  }

  advise(msg: string): void {
    this.io.err(`[advisory] ${msg}\n`);
  }
}
