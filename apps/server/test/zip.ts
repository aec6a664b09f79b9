import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data?: Buffer | string;
  /** Writes this uncompressed size in the headers instead of the real one (a lying archive). */
  declaredSize?: number;
}

/** A ZIP archive (deflated, UTF-8 names) built in memory, for tests and benchmarks. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const raw = Buffer.from(e.data ?? '');
    const dir = e.name.endsWith('/');
    const body = dir ? Buffer.alloc(0) : deflateRawSync(raw);
    const size = e.declaredSize ?? raw.length;
    const fields = (h: Buffer, at: number) => {
      h.writeUInt16LE(20, at);
      h.writeUInt16LE(0x0800, at + 2);
      h.writeUInt16LE(dir ? 0 : 8, at + 4);
      h.writeUInt32LE(0, at + 6);
      h.writeUInt32LE(crc32(raw), at + 10);
      h.writeUInt32LE(body.length, at + 14);
      h.writeUInt32LE(size, at + 18);
      h.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    locals.push(local, name, body);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    fields(cd, 6);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += local.length + name.length + body.length;
  }
  const cdBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBuf, end]);
}
