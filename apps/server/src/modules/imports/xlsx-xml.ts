import { SaxesParser } from 'saxes';
import { badRequest, HttpError } from '../../lib/errors';
import { damaged } from './xlsx-archive';

/**
 * The most characters the parser may take in without reaching a tag: a spreadsheet cell holds at
 * most 32 767 characters, so more than this between two tags is not a workbook a person saved, and
 * must not grow one string without bound.
 */
const MAX_RUN = 256 * 1024;

export interface XmlHandler<T> {
  /** A start tag, by its local name (any namespace prefix dropped), with its attributes. */
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
  /** What the handler produced so far; taken after every chunk. */
  out?: T[];
  /** Set by the handler when it has read all it needs: the rest of the part is not read. */
  done?: boolean;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name (`r:id` and `id` alike, for the relationship id). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

/**
 * Streams one part's XML through saxes and hands out what the handler produced after each chunk, so a
 * sheet of any size is read a few rows at a time. Malformed XML is a damaged workbook (400); the
 * handler's own HttpErrors pass through as they are.
 */
export async function* parseXml<T>(chunks: AsyncIterable<string>, handler: XmlHandler<T>): AsyncGenerator<T> {
  const parser = new SaxesParser({ position: false });
  let sinceEvent = 0;
  let failure: unknown = null;
  const guard =
    <A extends unknown[]>(fn: ((...args: A) => void) | undefined) =>
    (...args: A) => {
      sinceEvent = 0;
      if (failure !== null || !fn) return;
      try {
        fn(...args);
      } catch (err) {
        failure = err;
      }
    };
  const onOpen = guard(handler.open?.bind(handler));
  const onClose = guard(handler.close?.bind(handler));
  const onText = guard(handler.text?.bind(handler));
  parser.on('opentag', (node) => onOpen(localName(node.name), node.attributes as Record<string, string>));
  parser.on('closetag', (node) => onClose(localName(node.name)));
  parser.on('text', (text) => onText(text));
  parser.on('cdata', (text) => onText(text));
  parser.on('error', (err) => {
    failure ??= err;
  });
  const fail = (err: unknown): never => {
    if (err instanceof HttpError) throw err;
    throw damaged();
  };
  for await (const chunk of chunks) {
    sinceEvent += chunk.length;
    try {
      parser.write(chunk);
    } catch (err) {
      fail(err);
    }
    if (failure !== null) fail(failure);
    if (sinceEvent > MAX_RUN) {
      throw badRequest('import.longValue', {}, [
        { path: 'file', code: 'import.untaggedRun', params: { max: MAX_RUN } },
      ]);
    }
    if (handler.out && handler.out.length > 0) yield* handler.out.splice(0);
    if (handler.done) return;
  }
  try {
    parser.close();
  } catch (err) {
    fail(err);
  }
  if (failure !== null) fail(failure);
  if (handler.out && handler.out.length > 0) yield* handler.out.splice(0);
}
