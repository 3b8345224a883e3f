import type { Command } from 'commander';
import { doctor, type DoctorReport } from '../../src/ops/doctor.js';
import { EXIT } from '../../src/contract/errors.js';
import type { Runtime } from '../runtime.js';

export function registerDoctor(program: Command, rt: Runtime): void {
  program
    .command('doctor')
    .action(async () => {
      const report = await rt.exec(doctor, {});
      rt.emit(report, renderDoctor);
      if (report.failures > 0) rt.exitCode = EXIT.FAILURE;
    });
}

function renderDoctor(r: DoctorReport): string {
  const w = Math.max(...r.checks.map((c) => c.name.length));
  const lines = r.checks.map((c) => `[${c.status.padEnd(4)}] ${c.name.padEnd(w)}  ${c.detail}`);
  lines.push(`${r.failures} failure(s), ${r.warnings} warning(s)`);
  return `${lines.join('\n')}\n`;
}
