import { createInterface } from 'node:readline';

/** Everything the CLI touches outside itself; tests pass their own. */
export interface Io {
  out(s: string): void;
  err(s: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Colour goes only to a terminal (see src/output/colour.ts); absent means not a TTY. */
  stdoutIsTTY?: boolean;
  /** Reads one line from the terminal without echoing it. */
  readSecret(prompt: string): Promise<string>;
  /** Ctrl-C while waiting: run `fn` (say what keeps running), then exit 130. Returns a disposer. */
  onInterrupt(fn: () => void): () => void;
}

export function processIo(): Io {
  return {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    env: process.env,
    cwd: process.cwd(),
    stdinIsTTY: !!process.stdin.isTTY,
    stderrIsTTY: !!process.stderr.isTTY,
    stdoutIsTTY: !!process.stdout.isTTY,
    onInterrupt(fn) {
      const handler = () => {
        fn();
        process.exit(130);
      };
      process.once('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
    readSecret(prompt) {
      return new Promise((resolve) => {
        const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
        const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
          if (s.startsWith(prompt)) write.call(rl, prompt);
        };
        rl.question(prompt, (answer) => {
          rl.close();
          process.stderr.write('\n');
          resolve(answer.trim());
        });
      });
    },
  };
}
