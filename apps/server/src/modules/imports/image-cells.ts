import { sql } from 'drizzle-orm';
import { errorMessage } from '@dalil/contracts/error-codes';
import type { CsvColumn, ImportProblem } from '@dalil/contracts/imports';
import type { Db } from '../../db/client';
import { resultRows } from '../../lib/db-helpers';
import { HttpError } from '../../lib/errors';
import type { MediaStore } from '../../lib/media-store';
import { OutboundRefusedError, outboundRequest } from '../../lib/outbound';
import { contentName, inspectImage, storeImage } from '../media/media.service';
import { IMAGE_ADDRESS, type StagedRow } from './row-check';

type Executor = Pick<Db, 'execute'>;

/** How long one image may take to arrive, headers and body together. */
const FETCH_TIMEOUT_MS = 60_000;
/** Redirects followed, each checked like the first address. */
const MAX_REDIRECTS = 3;
const SLOTS: [CsvColumn, 'image' | 'logo'][] = [
  ['productImage', 'image'],
  ['productIcon', 'logo'],
];

export interface ImageFetchOptions {
  media: MediaStore;
  /** Hosts exempt from the outbound address rules (OUTBOUND_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** The upload limit of one image. */
  maxBytes: number;
  /** Store what is fetched (an import); a preview only reads it, to know the name it would get. */
  store: boolean;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Why an address gave no image, as a problem reason on its cell. */
class NotFetched extends Error {}

/**
 * The image and icon cells that hold an address: each address is fetched once per import, through
 * the outbound address rules (docs/decisions/0050-outbound-addresses.md) and within the upload's size
 * limit, checked by its content like an upload, and replaced in the row by the name the media store
 * gives it. Names are checked after staging (missingImageProblems), all at once.
 */
export class ImageAddresses {
  private readonly names = new Map<string, Promise<string>>();
  /** Names this import fetched: a preview has not stored them, and they need no check. */
  readonly fetched = new Set<string>();

  constructor(private readonly options: ImageFetchOptions) {}

  /** Replaces the row's addresses by stored names; false (and a problem per cell) when one fails. */
  async resolve(row: StagedRow, report: (problem: ImportProblem) => void): Promise<boolean> {
    let ok = true;
    for (const [column, slot] of SLOTS) {
      const address = row[slot];
      if (address === null || !IMAGE_ADDRESS.test(address)) continue;
      let name = this.names.get(address);
      if (!name) {
        name = this.fetch(address);
        // Each row that names a failing address reports it; the rejection is handled there.
        name.catch(() => undefined);
        this.names.set(address, name);
      }
      try {
        row[slot] = await name;
      } catch (err) {
        ok = false;
        report({ line: row.line, column, reason: reasonOf(err) });
      }
    }
    return ok;
  }

  private async fetch(address: string): Promise<string> {
    const { maxBytes } = this.options;
    const res = await outboundRequest(address, {
      headers: { accept: 'image/*' },
      allowedHosts: this.options.allowedHosts,
      maxRedirects: MAX_REDIRECTS,
      timeoutMs: FETCH_TIMEOUT_MS,
    });
    if (res.status !== 200) {
      res.body.resume();
      throw new NotFetched(errorMessage('import.imageAnswered', { status: res.status }));
    }
    if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
      res.body.destroy();
      throw new NotFetched(errorMessage('import.imageLarger', { size: megabytes(maxBytes) }));
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        res.body.destroy();
        throw new NotFetched(errorMessage('import.imageLarger', { size: megabytes(maxBytes) }));
      }
      chunks.push(chunk);
    }
    const data = Buffer.concat(chunks);
    let name: string;
    if (this.options.store) {
      const stored = await storeImage(this.options.media, data);
      name = `${stored.public_id}.${stored.format}`;
    } else {
      await inspectImage(data);
      name = contentName(data);
    }
    this.fetched.add(name);
    return name;
  }
}

function reasonOf(err: unknown): string {
  if (err instanceof NotFetched) return err.message;
  if (err instanceof OutboundRefusedError)
    return errorMessage('import.imageRefused', { reason: err.message });
  if (err instanceof HttpError) {
    return err.statusCode === 415
      ? errorMessage('import.imageNotAccepted', {})
      : errorMessage('import.imageNotAcceptedBecause', { reason: err.message });
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError')) {
    return errorMessage('import.imageSlow', {});
  }
  return code ? errorMessage('import.imageFailed', { code }) : errorMessage('import.imageNotDownloaded', {});
}

/**
 * Staged image and icon names that are not stored images, one problem per cell. Names the catalogue
 * already uses are taken as stored (an untouched export names only those), so the media store is
 * asked only about new ones, once each.
 */
export async function missingImageProblems(
  db: Executor,
  media: MediaStore,
  importId: number,
  fetched: ReadonlySet<string>,
  limit: number,
): Promise<{ count: number; problems: ImportProblem[] }> {
  const id = sql`${importId}::bigint`;
  const unknown = resultRows<{ name: string }>(
    // Set operations, not a lookup per name: products.image has no index.
    await db.execute(sql`select image as name from import_rows where import_id = ${id} and image is not null
      union select logo from import_rows where import_id = ${id} and logo is not null
      except (select image from products union select logo from products
        union select image from categories union select logo from categories)`),
  ).map((r) => r.name);
  const missing: string[] = [];
  for (const name of unknown) {
    if (!fetched.has(name) && !(await media.has(name))) missing.push(name);
  }
  if (missing.length === 0) return { count: 0, problems: [] };
  const rows = resultRows<ImportProblem & { total: number }>(
    await db.execute(sql`with problems as (
        select line, 'productImage' as "column" from import_rows
        where import_id = ${id} and image = any(${sql.param(missing)}::text[])
        union all
        select line, 'productIcon' from import_rows
        where import_id = ${id} and logo = any(${sql.param(missing)}::text[]))
      select line, "column", 'is not the name of a stored image' as reason, count(*) over ()::int as total
      from problems order by line, "column" limit ${limit}`),
  );
  return {
    count: rows[0]?.total ?? 0,
    problems: rows.map(({ line, column, reason }) => ({ line: Number(line), column, reason })),
  };
}
