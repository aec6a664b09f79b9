import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertKey, MEDIA_FOLDER, MEDIA_KEY, type MediaStore, type StoredObject } from './media-store';
import { makeDir, probeWrite, storageWrite } from './storage-errors';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Images in a directory on this machine (DATA_DIR/media): the default for one server process. */
export function localMediaStore(dir: string): MediaStore {
  const path = (key: string) => {
    assertKey(key);
    return join(dir, key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = path(key);
      // Written beside the target, then renamed: a reader sees the old state or the whole new file.
      // A full or read-only disk is the storage 503, and the part written so far is removed.
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await storageWrite('media', async () => {
        try {
          await makeDir(dirname(file));
          await writeFile(tmp, data);
          await rename(tmp, file);
        } catch (err) {
          await rm(tmp, { force: true }).catch(() => {});
          throw err;
        }
      });
    },
    async get(key) {
      try {
        return await readFile(path(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async has(key) {
      return stat(path(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => rm(path(k), { force: true })));
    },
    async *list(): AsyncIterable<StoredObject> {
      const walk = async function* (sub: string): AsyncIterable<StoredObject> {
        let entries;
        try {
          entries = await readdir(join(dir, sub), { withFileTypes: true });
        } catch (err) {
          if (missing(err)) return;
          throw err;
        }
        for (const e of entries) {
          const key = sub ? `${sub}/${e.name}` : e.name;
          if (e.isDirectory() && !sub && MEDIA_FOLDER.test(e.name)) yield* walk(e.name);
          else if (e.isFile() && MEDIA_KEY.test(key)) {
            const s = await stat(join(dir, key)).catch(() => null);
            if (s) yield { key, size: s.size, modified: s.mtime };
          }
        }
      };
      yield* walk('');
    },
    // A real write, not a permission check: root passes every permission check, and only a write
    // finds a full disk or a read-only mount.
    check: () => probeWrite(dir),
    close() {},
  };
}
