import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dairyApp, VALUES, type DairyApp } from '../imports/attributes.test-kit';
import { csv, readWorkbook, sheetValues, snapshot } from '../imports/imports.test-kit';

// Attribute columns through an export and back: a family with every attribute type filled is
// exported as CSV and XLSX and re-imported unchanged; one edited cell changes one value; bad values
// are refused naming the column.

let d: DairyApp;
beforeAll(async () => {
  d = await dairyApp();
});
afterAll(() => d.t.close());

type Format = 'csv' | 'xlsx';

/** The family's export as rows of text cells, and the file with some cells changed (by column name). */
async function exported(format: Format) {
  const res = await d.call('GET', `/api/export/family/${d.family}.${format}`);
  expect(res.statusCode).toBe(200);
  const rows: string[][] =
    format === 'csv'
      ? parse(res.body, { bom: true })
      : // Array.from: a sheet row's empty cells are holes, which map would keep.
        sheetValues(await readWorkbook(res.rawPayload)).map((r) =>
          Array.from(r, (v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
        );
  const header = rows[0]!;
  const edited = async (changes: Record<string, string>) => {
    if (format === 'csv') {
      const copy = rows.map((r) => [...r]);
      for (const [column, value] of Object.entries(changes)) copy[1]![header.indexOf(column)] = value;
      return csv(copy);
    }
    const sheet = await readWorkbook(res.rawPayload);
    for (const [column, value] of Object.entries(changes)) {
      sheet.getRow(2).getCell(header.indexOf(column) + 1).value = value;
    }
    return Buffer.from(await sheet.workbook.xlsx.writeBuffer());
  };
  return { header, row: rows[1]!, file: format === 'csv' ? res.body : res.rawPayload, edited };
}

describe.each(['csv', 'xlsx'] as const)('attribute columns round-trip (%s)', (format) => {
  it('writes a column per attribute, texts in both languages, in the attribute order', async () => {
    const { header, row } = await exported(format);
    const attrs = header.filter((h) => h.startsWith('attr.'));
    expect(attrs).toEqual([
      'attr.ingredients.ar',
      'attr.ingredients.en',
      'attr.allergens',
      'attr.nutrition_basis',
      'attr.energy_kcal',
      'attr.energy_kj',
      'attr.fat',
      'attr.saturated_fat',
      'attr.carbohydrate',
      'attr.sugars',
      'attr.protein',
      'attr.salt',
      'attr.storage.ar',
      'attr.storage.en',
      'attr.country_of_origin.ar',
      'attr.country_of_origin.en',
      'attr.organic',
      'attr.harvested',
    ]);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('attr.ingredients.en')).toBe('Milk, "salt" | more');
    expect(cell('attr.allergens')).toBe('milk|sesame');
    expect(cell('attr.nutrition_basis')).toBe('per_100g');
    expect(cell('attr.energy_kcal')).toBe('250.5');
    expect(cell('attr.energy_kj')).toBe('');
    expect(cell('attr.organic')).toBe('yes');
    expect(cell('attr.harvested')).toBe('2026-10-01');
  });

  it('imports an untouched export as unchanged, and changes nothing', async () => {
    const { file } = await exported(format);
    const preview = await d.importAll(file, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      problemCount: 0,
      products: { created: 0, updated: 0, unchanged: 1 },
      attributeChanges: 0,
    });
    const before = await snapshot(d.t);
    const res = await d.importAll(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await snapshot(d.t)).toEqual(before);
  });

  it('an edited cell changes that value only; an emptied one clears it', async () => {
    const { edited } = await exported(format);
    const file = await edited({ 'attr.energy_kcal': '99', 'attr.storage.en': '' });
    const preview = await d.importAll(file, true);
    expect(preview.body).toMatchObject({ problemCount: 0, products: { updated: 1 }, attributeChanges: 1 });
    expect(await d.valuesOf()).toEqual(VALUES);
    const res = await d.importAll(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await d.valuesOf()).toEqual({ ...VALUES, energy_kcal: 99, storage: { ar: 'يحفظ مبرداً', en: '' } });
    // Back as it was, through the same columns.
    const back = await (
      await exported(format)
    ).edited({ 'attr.energy_kcal': '250.5', 'attr.storage.en': 'Keep chilled' });
    expect((await d.importAll(back)).status).toBe(200);
    expect(await d.valuesOf()).toEqual(VALUES);
  });

  it('refuses bad values as line problems naming the column, and changes nothing', async () => {
    const { edited } = await exported(format);
    const file = await edited({
      'attr.energy_kcal': 'lots',
      'attr.nutrition_basis': 'per_cup',
      'attr.harvested': '2026-02-30',
      'attr.organic': 'maybe',
    });
    const before = await snapshot(d.t);
    const res = await d.importAll(file);
    expect(res.status).toBe(422);
    const problems = res.report().problems.map((p) => [p.line, p.column, p.reason]);
    expect(problems).toMatchObject(
      expect.arrayContaining([
        [2, 'attr.energy_kcal', 'must be a number'],
        [2, 'attr.nutrition_basis', expect.stringContaining('"per_cup" is not an option')],
        [2, 'attr.harvested', 'must be a date written YYYY-MM-DD'],
        [2, 'attr.organic', 'must be true or false'],
      ]),
    );
    expect(problems).toHaveLength(4);
    expect(await snapshot(d.t)).toEqual(before);
  });
});
