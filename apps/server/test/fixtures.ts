// Catalogue objects for the server tests (not a test file itself): valid bodies and "create one, answer its id".
//   const fam = await newFamily(api, 'Orchard', { requireValidGtin: false }); // as the admin
//   const cat = await newCategory(api.as(editorToken), fam, 'Juice');
//   await api.as('admin').post('/api/product', productBody(fam, cat, 'Apple juice', { barcode: '123' }));
import { expect } from 'vitest';
import type { Caller, Client } from './client';

/** The kit (its requests then go as the admin) or one caller of it. */
type By = Client | Caller;
const callerOf = (by: By): Caller => ('as' in by ? by.as('admin') : by);

/** A valid family body; `extra` adds fields or replaces these. */
export const familyBody = (nameEn: string, extra: object = {}) => ({
  nameEn,
  nameAr: `عائلة ${nameEn}`,
  ...extra,
});

export const categoryBody = (family: number, nameEn: string, extra: object = {}) => ({
  nameEn,
  nameAr: `فئة ${nameEn}`,
  family,
  ...extra,
});

export const productBody = (family: number, category: number, nameEn: string, extra: object = {}) => ({
  nameEn,
  nameAr: `منتج ${nameEn}`,
  family,
  category,
  ...extra,
});

/** POSTs the body, expects 201 and answers the created object. */
export async function createdObject<T extends { id: number } = { id: number } & Record<string, unknown>>(
  by: By,
  url: string,
  payload: object,
): Promise<T> {
  const res = await callerOf(by).post(url, payload);
  expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(201);
  return res.json<T>();
}

/** POSTs the body, expects 201 and answers the new id. */
export const createdId = async (by: By, url: string, payload: object): Promise<number> =>
  (await createdObject(by, url, payload)).id;

export const newFamily = (by: By, nameEn: string, extra: object = {}) =>
  createdId(by, '/api/family', familyBody(nameEn, extra));

export const newCategory = (by: By, family: number, nameEn: string, extra: object = {}) =>
  createdId(by, '/api/category', categoryBody(family, nameEn, extra));

export const newProduct = (by: By, family: number, category: number, nameEn: string, extra: object = {}) =>
  createdId(by, '/api/product', productBody(family, category, nameEn, extra));
