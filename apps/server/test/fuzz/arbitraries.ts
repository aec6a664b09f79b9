// fast-check generators for hostile HTTP input (not a test file itself).
import fc from 'fast-check';

/** Strings that have broken servers before: NUL, lone surrogates, SQL, markup, numbers in disguise. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR 1=1--",
  "'); DROP TABLE families;--",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..\\..\\jwt-secret',
  '%00',
  '١٢٣',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '9'.repeat(40),
  'null',
  'true',
  '[]',
  '{}',
  '\uD800',
  '\uDFFFx',
  '\u202Eevil',
  'ﷺ',
  '\uFEFF',
  '=cmd|"/c calc"!A1',
  '__proto__',
  'constructor',
  'a'.repeat(10_000),
];

export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  // Huge: up to about 600 KB of UTF-8, near the 1 MB body limit once JSON-escaped.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1000, max: 200_000 }),
      )
      .map(([s, n]) => s.repeat(Math.ceil(n / s.length))),
  },
);

/** Nested arrays or objects, up to 3 000 levels. */
const deep = fc.tuple(fc.integer({ min: 10, max: 3000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { weight: 4, arbitrary: text },
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(Number.MAX_SAFE_INTEGER + 2),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 10 }), tie('v'), { maxKeys: 3 }),
    deep,
  ),
})).v;

/** A value that a field of this name would accept, so some requests get through validation. */
function plausible(field: string): fc.Arbitrary<unknown> {
  if (/^name|Name$/.test(field)) return fc.string({ minLength: 1, maxLength: 20 });
  if (field === 'username') {
    return fc.oneof(fc.constantFrom('admin', 'guest', 'fuzz-admin'), fc.stringMatching(/^[a-z]{3,12}$/));
  }
  if (field === 'password') {
    return fc.oneof(fc.constant('admin-test-password'), fc.string({ minLength: 8, maxLength: 20 }));
  }
  if (field === 'role') return fc.constantFrom('admin', 'user');
  if (field === 'family' || field === 'category') return fc.integer({ min: 1, max: 4 });
  if (field === 'barcode' || field === 'number') return fc.stringMatching(/^[0-9]{1,14}$/);
  if (['unitsPerCarton', 'cartonPerPalate', 'cost'].includes(field)) return fc.nat(1000);
  if (['logo', 'image', 'cover'].includes(field)) return fc.constantFrom(null, '', 'abcdefgh12.webp');
  return fc.string({ maxLength: 20 });
}

function plausibleQuery(name: string): fc.Arbitrary<string> {
  if (['family', 'category', 'limit', 'skip', 'w'].includes(name)) return fc.nat(120).map(String);
  if (name === 'dryRun') return fc.constantFrom('true', 'false', '1', '0');
  return fc.string({ maxLength: 12 });
}

/** A request body as text: objects of the route's fields (valid or hostile), other JSON, broken JSON. */
export function jsonBody(fields: string[]): fc.Arbitrary<string> {
  const fieldValue = (f: string) =>
    fc.option(fc.oneof({ weight: 3, arbitrary: plausible(f) }, { weight: 2, arbitrary: value }), { freq: 6 });
  const record = fc
    .tuple(
      fc.tuple(...fields.map(fieldValue)),
      fc.dictionary(fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'id')), value, { maxKeys: 2 }),
    )
    .map(([values, extra]) => {
      const body: Record<string, unknown> = { ...extra };
      fields.forEach((f, i) => {
        if (values[i] !== null) body[f] = values[i];
      });
      return JSON.stringify(body);
    });
  return fc.oneof(
    { weight: 6, arbitrary: record },
    { weight: 1, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"nameEn":',
        'nul',
        '',
        '{"a":1}{',
        '\u0000',
        '[1,]',
        "{'a':1}",
        '"\\ud800"',
      ),
    },
  );
}

export const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=nothing-here',
      'application/octet-stream',
      'application/xml',
      'image/png',
      'text/csv',
      ';;;',
      'application/json\u0000',
      undefined,
    ),
  },
);

export function authorization(adminToken: string) {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${adminToken}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'Bearer ',
        'Bearer',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${adminToken}x`,
        `bearer ${adminToken}`,
        adminToken,
        `Bearer ${'a'.repeat(5000)}`,
        `Bearer ${adminToken} ${adminToken}`,
        'Bearer \u00e9',
      ),
    },
  );
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

const QUERY_RAW = [
  '%ED%A0%80',
  '%',
  '%zz',
  '%E0%A4%A',
  '&&&',
  '=x',
  'a[b]=1',
  '__proto__[x]=1',
  'limit=1&limit=2',
  'skip',
];

/** A query string: known and unknown names with hostile values, repeated names, broken escapes. */
export function queryString(known: string[]): fc.Arbitrary<string> {
  const hostile = fc.tuple(known.length > 0 ? fc.oneof(fc.constantFrom(...known), text) : text, text);
  const valid = known.map((n) => fc.tuple(fc.constant(n), plausibleQuery(n)));
  const pair = (valid.length > 0 ? fc.oneof(hostile, ...valid) : hostile).map(
    ([n, v]) => `${encode(n)}=${encode(v)}`,
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.array(pair, { maxLength: 4 }).map((p) => p.join('&')) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_RAW) },
  );
}

/** A path parameter as it appears in the URL (already escaped, or deliberately not). */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '2', '3', '4') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '2147483648',
      '99999999999999999999',
      '1.5',
      '1e3',
      '%201',
      '0x1',
      'abc',
      '..%2f..%2fetc%2fpasswd',
      '%2e%2e',
      '..',
      '%00',
      '1%00',
      '%',
      '%E0%A4%A',
      '%ED%A0%80',
      'null',
      "1'%20or%20'1'%3D'1",
      'x'.repeat(300),
      'jwt-secret',
      'abcdefgh12.webp',
    ),
  },
  { weight: 2, arbitrary: text.map((s) => encode(s.slice(0, 120))) },
);
