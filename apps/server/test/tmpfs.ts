import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A small real filesystem (tmpfs) for fault tests: filled up, it answers ENOSPC; remounted
 * read-only, EROFS, as a real disk would. Needs root (the tests and CI run as root on Linux);
 * file permissions cannot stand in for it, since root passes every permission check.
 */
export interface Tmpfs {
  dir: string;
  /** Writes a file until the filesystem is full. */
  fill(): void;
  /** Removes what `fill` wrote. */
  free(): void;
  readOnly(): void;
  writable(): void;
  /** Unmounts and removes the mount point; safe to call twice and after a failed step. */
  unmount(): void;
}

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

export function mountTmpfs(size: string): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'dalil-tmpfs-'));
  mount('-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir);
  const filler = join(dir, 'filler');
  let mounted = true;
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(16 * 1024, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    readOnly: () => mount('-o', 'remount,ro', dir),
    writable: () => mount('-o', 'remount,rw', dir),
    unmount() {
      if (mounted) {
        // Lazily: a file still open in the server under test does not keep the mount.
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
        mounted = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
