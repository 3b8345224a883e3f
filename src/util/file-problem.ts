import { accessSync, constants, statSync } from 'node:fs';

/** Why a user-named file cannot be read, in words ("no such file", "is a directory"); undefined when it can. */
export function fileProblem(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (st.isDirectory()) return 'is a directory, not a file';
    if (!st.isFile()) return 'is not a regular file';
    accessSync(path, constants.R_OK);
    return undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'no such file';
    if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
    if (code === 'ENOTDIR') return 'a part of the path is not a directory';
    return (err as Error).message;
  }
}
