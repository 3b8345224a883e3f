/**
 * Files a step gives the page ("Upload report.csv"): taken by name from the run's files directory (the
 * project's files), through the file chooser the page opened. Every chooser the page opens is kept
 * until a step gives it files or the page navigates away, so "Click Upload" and "Pick report.csv" can be
 * two steps, as a person does them.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FileChooser, Page } from 'playwright-core';

export class FilePicker {
  private pending?: FileChooser;

  constructor(readonly dir?: string) {}

  attach(page: Page): this {
    page.on('filechooser', (c) => {
      this.pending = c;
    });
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) this.pending = undefined;
    });
    return this;
  }

  /** Whether the page has a file chooser open that no step has answered yet. */
  get open(): boolean {
    return this.pending !== undefined;
  }

  /** The open chooser, answered from now on. */
  take(): FileChooser | undefined {
    const c = this.pending;
    this.pending = undefined;
    return c;
  }

  /** The files available, by name. */
  names(): string[] {
    if (!this.dir || !existsSync(this.dir)) return [];
    return readdirSync(this.dir).filter((n) => statSync(join(this.dir!, n)).isFile()).sort();
  }

  /**
   * The paths of the files named, or the names that are not among the files. By base name; letter case
   * is forgiven, and a name said without its ending ("Minutes"), when only one file fits.
   */
  paths(files: string[]): { paths: string[]; missing: string[] } {
    const have = this.names();
    const paths: string[] = [];
    const missing: string[] = [];
    for (const f of files) {
      const name = basename(f.trim());
      const lower = name.toLowerCase();
      const only = (fits: (h: string) => boolean) => {
        const m = have.filter(fits);
        return m.length === 1 ? m[0] : undefined;
      };
      // ("Minutes" for the one Minutes.docx: a name said without its ending.)
      const hit = have.includes(name) ? name : (only((h) => h.toLowerCase() === lower) ?? only((h) => h.replace(/\.[^.]+$/, '').toLowerCase() === lower));
      if (hit) paths.push(join(this.dir!, hit));
      else missing.push(name);
    }
    return { paths, missing };
  }
}
