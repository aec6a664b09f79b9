// Catalogue objects for the server tests (not a test file itself): valid bodies and "create one, answer its id".
//   const fam = await newFamily(api.as('admin'), 'Orchard', { requireValidGtin: false });
//   const cat = await newCategory(api.as('admin'), fam, 'Juice');
//   await api.as('admin').post('/api/product', productBody(fam, cat, 'Apple juice', { barcode: '123' }));
import { expect } from 'vitest';
import type { Caller } from './client';

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
  caller: Caller,
  url: string,
  payload: object,
): Promise<T> {
  const res = await caller.post(url, payload);
  expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(201);
  return res.json<T>();
}

/** POSTs the body, expects 201 and answers the new id. */
export const created = async (caller: Caller, url: string, payload: object): Promise<number> =>
  (await createdObject(caller, url, payload)).id;

export const newFamily = (caller: Caller, nameEn: string, extra: object = {}) =>
  created(caller, '/api/family', familyBody(nameEn, extra));

export const newCategory = (caller: Caller, family: number, nameEn: string, extra: object = {}) =>
  created(caller, '/api/category', categoryBody(family, nameEn, extra));

export const newProduct = (
  caller: Caller,
  family: number,
  category: number,
  nameEn: string,
  extra: object = {},
) => created(caller, '/api/product', productBody(family, category, nameEn, extra));
