import { formatCost } from '@dalil/contracts/cost-format';
import { MEDIA_STORED_WIDTH, MEDIA_WIDTHS } from '@dalil/contracts/constants';
import type { SearchResult } from '@dalil/contracts/search';
import {
  type AddressLanguage,
  type VisitorLanguage,
  type VisitorPage,
  visitorPath,
} from '../../lib/visitor-addresses';
import { productAttributes } from './page-attributes';
import { escapeHtml as e } from './page-head';
import type { PageData } from './page-data';
import type { Crumb } from './structured-data';

/** The words of the rendered pages, in each language (the app's catalogue texts say the same). */
const WORDS = {
  ar: {
    name: 'دليل',
    tagline: 'كتالوج المنتجات',
    otherLanguage: 'English',
    breadcrumbs: 'مسار التصفح',
    chooser: 'اختر الشركة لمعرفة المزيد',
    companies: 'الشركات',
    noCompanies: 'لا توجد شركات في الكتالوج بعد.',
    searchLabel: 'ابحث في المنتجات',
    searchPlaceholder: 'الاسم أو الباركود أو الرمز',
    searchButton: 'بحث',
    all: 'الكل',
    results: (n: number) => `عدد المنتجات: ${n}`,
    noResults: 'لم يتم العثور على نتائج',
    pages: 'الصفحات',
    previous: 'الصفحة السابقة',
    next: 'الصفحة التالية',
    pageOf: (page: number, pages: number) => `صفحة ${page} من ${pages}`,
    price: 'السعر',
    barcode: 'الباركود',
    code: 'الرمز',
    netWeight: 'الوزن الصافي',
    unitsPerCarton: 'عدد الوحدات في الكرتونة',
  },
  en: {
    name: 'Dalil',
    tagline: 'Product catalogue',
    otherLanguage: 'العربية',
    breadcrumbs: 'Breadcrumbs',
    chooser: 'Choose the company to know more',
    companies: 'Companies',
    noCompanies: 'No companies are in the catalogue yet.',
    searchLabel: 'Search products',
    searchPlaceholder: 'Name, barcode or code',
    searchButton: 'Search',
    all: 'All',
    results: (n: number) => `Products found: ${n}`,
    noResults: 'No results were found',
    pages: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    price: 'Price',
    barcode: 'Barcode',
    code: 'Code',
    netWeight: 'Net weight',
    unitsPerCarton: 'Units per carton',
  },
} as const;

/** What the body needs besides the page's data. */
export interface BodySources {
  language: VisitorLanguage;
  /** The language the page's address names, or null: its links keep that form. */
  named: AddressLanguage;
  /** The media address (MEDIA_PUBLIC_URL or /media), without a trailing slash. */
  media: string;
  currency: string | null;
  /** The page's breadcrumbs, as its structured data names them (absolute addresses). */
  crumbs: Crumb[];
  /** This page in the other language. */
  otherLanguage: VisitorPage;
}

const named = (row: { nameAr: string; nameEn: string }, language: VisitorLanguage) =>
  language === 'ar' ? row.nameAr : row.nameEn;
const otherNamed = (row: { nameAr: string; nameEn: string }, language: VisitorLanguage) =>
  language === 'ar' ? row.nameEn : row.nameAr;

/** The app's image address and srcset (web lib/media.ts, features/catalog/media-image.tsx). */
function image(media: string, name: string | null, alt: string, sizes: string, eager: boolean): string {
  if (!name) return '<div class="sp-noimage"></div>';
  const url = (width: number) =>
    `${media}${width < MEDIA_STORED_WIDTH ? `/w${width}` : ''}/${encodeURIComponent(name)}`;
  const srcset = MEDIA_WIDTHS.map((w) => `${url(w)} ${w}w`).join(', ');
  const loading = eager ? 'fetchpriority="high"' : 'loading="lazy"';
  return `<img src="${e(url(640))}" srcset="${e(srcset)}" sizes="${e(sizes)}" alt="${e(alt)}" ${loading} />`;
}

function breadcrumbs(crumbs: Crumb[], language: VisitorLanguage): string {
  if (crumbs.length === 0) return '';
  const items = crumbs.map((crumb, i) => {
    const last = i === crumbs.length - 1;
    const path = new URL(crumb.url).pathname + new URL(crumb.url).search;
    return last
      ? `<li aria-current="page">${e(crumb.name)}</li>`
      : `<li><a href="${e(path)}">${e(crumb.name)}</a></li>`;
  });
  return `<nav aria-label="${e(WORDS[language].breadcrumbs)}"><ol class="sp-crumbs">${items.join('')}</ol></nav>`;
}

function chooser(data: Extract<PageData, { kind: 'chooser' }>, sources: BodySources): string {
  const { language, media } = sources;
  const words = WORDS[language];
  const cards = data.families.data.map(
    (family, i) =>
      `<li><a class="sp-family" href="${e(visitorPath({ kind: 'catalog', family: family.id }, sources.named))}">` +
      `<span class="sp-cover">${image(media, family.cover ?? family.image, '', '(min-width: 900px) 33vw, 100vw', i < 3)}</span>` +
      `<span class="sp-family-name">${e(named(family, language))}</span>` +
      `<span class="sp-other" lang="${language === 'ar' ? 'en' : 'ar'}">${e(otherNamed(family, language))}</span></a></li>`,
  );
  return (
    `<h1 class="sp-title">${e(words.chooser)}</h1>` +
    (cards.length
      ? `<ul class="sp-families" aria-label="${e(words.companies)}">${cards.join('')}</ul>`
      : `<p>${e(words.noCompanies)}</p>`)
  );
}

function productCards(results: SearchResult, sources: BodySources): string {
  const { language, media } = sources;
  const words = WORDS[language];
  if (results.data.length === 0) return `<p class="sp-empty">${e(words.noResults)}</p>`;
  const cards = results.data.map((product, i) => {
    const name = named(product, language);
    const barcode = product.barcode
      ? `<span class="sp-meta">${e(words.barcode)}: ${e(product.barcode)}</span>`
      : '';
    return (
      `<li><a class="sp-card" href="${e(visitorPath({ kind: 'product', id: product.id }, sources.named))}">` +
      `<span class="sp-thumb">${image(media, product.image ?? product.logo, name, '(min-width: 900px) 20vw, 50vw', i < 4)}</span>` +
      `<span class="sp-card-name">${e(name)}</span>${barcode}</a></li>`
    );
  });
  return `<ul class="sp-grid">${cards.join('')}</ul>`;
}

function catalog(data: Extract<PageData, { kind: 'catalog' }>, sources: BodySources): string {
  const { language, media } = sources;
  const words = WORDS[language];
  const { family, args } = data;
  const at = (change: Partial<Extract<VisitorPage, { kind: 'catalog' }>>) =>
    visitorPath(
      { kind: 'catalog', family: family.id, category: args.category, search: args.search, ...change },
      sources.named,
    );
  const page = args.skip / args.limit + 1;
  const pages = Math.ceil(data.results.count / args.limit);
  const chip = (id: number | null, name: string) =>
    `<li><a class="sp-chip" href="${e(at({ category: id, page: 1 }))}"${id === args.category ? ' aria-current="page"' : ''}>${e(name)}</a></li>`;
  const chips = [chip(null, words.all), ...data.categories.data.map((c) => chip(c.id, named(c, language)))];
  const hidden = [`<input type="hidden" name="family" value="${family.id}" />`];
  if (args.category !== null) hidden.push(`<input type="hidden" name="category" value="${args.category}" />`);
  if (sources.named) hidden.push(`<input type="hidden" name="lang" value="${sources.named}" />`);
  const pager =
    pages > 1
      ? `<nav class="sp-pager" aria-label="${e(words.pages)}">` +
        (page > 1
          ? `<a rel="prev" href="${e(at({ page: page - 1 }))}">${e(words.previous)}</a>`
          : '<span></span>') +
        `<span>${e(words.pageOf(page, pages))}</span>` +
        (page < pages
          ? `<a rel="next" href="${e(at({ page: page + 1 }))}">${e(words.next)}</a>`
          : '<span></span>') +
        '</nav>'
      : '';
  return (
    `<section class="sp-hero"><span class="sp-hero-cover">${image(media, family.cover ?? family.image, '', '100vw', true)}</span>` +
    `<span class="sp-scrim"><h1 class="sp-family-name">${e(named(family, language))}</h1>` +
    `<span class="sp-other">${e(otherNamed(family, language))}</span></span></section>` +
    `<form class="sp-search" method="get" action="/catalog/main" role="search">${hidden.join('')}` +
    `<label><span>${e(words.searchLabel)}</span><input type="search" name="search" value="${e(args.search)}" placeholder="${e(words.searchPlaceholder)}" /></label>` +
    `<button type="submit">${e(words.searchButton)}</button></form>` +
    `<ul class="sp-chips">${chips.join('')}</ul>` +
    `<p class="sp-count" role="status">${e(words.results(data.results.count))}</p>` +
    productCards(data.results, sources) +
    pager
  );
}

function product(data: Extract<PageData, { kind: 'product' }>, sources: BodySources): string {
  const { language, media } = sources;
  const words = WORDS[language];
  const { product: p } = data;
  const name = named(p, language);
  const cost = formatCost(p.cost, language, sources.currency);
  const description = language === 'ar' ? p.descriptionAr : p.descriptionEn;
  const facts: [string, string | number | null][] = [
    [words.barcode, p.barcode],
    [words.code, p.number],
    [words.netWeight, p.netWeight],
    [words.unitsPerCarton, p.unitsPerCarton],
  ];
  const rows = facts
    .filter(([, value]) => value !== null && value !== '')
    .map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(String(value))}</dd>`);
  return (
    `<article class="sp-product"><div class="sp-image">${image(media, p.image ?? p.logo, name, '(min-width: 900px) 45vw, 100vw', true)}</div>` +
    `<div><p class="sp-meta">${e(named(data.family, language))}</p><h1 class="sp-title">${e(name)}</h1>` +
    `<p class="sp-other">${e(otherNamed(p, language))}</p>` +
    (cost ? `<p class="sp-price"><span>${e(words.price)}</span> <strong>${e(cost)}</strong></p>` : '') +
    (description ? `<p class="sp-description">${e(description)}</p>` : '') +
    (rows.length ? `<dl class="sp-facts">${rows.join('')}</dl>` : '') +
    productAttributes(p, language) +
    '</div></article>'
  );
}

/**
 * The visitor page's content as HTML, in its language: what a visitor without JavaScript, a crawler
 * or a slow phone sees in the first answer. The app replaces it when its own screen renders.
 */
export function renderBody(data: PageData, sources: BodySources): string {
  const { language } = sources;
  const words = WORDS[language];
  const content =
    data.kind === 'chooser'
      ? chooser(data, sources)
      : data.kind === 'catalog'
        ? catalog(data, sources)
        : product(data, sources);
  return (
    `<div id="served-page" class="sp${data.kind === 'product' ? ' sp-on-product' : ''}">` +
    `<header class="sp-bar"><div class="sp-wrap sp-toolbar"><a class="sp-brand" href="${e(visitorPath({ kind: 'chooser' }, sources.named))}">` +
    `<strong>${e(words.name)}</strong><span>${e(words.tagline)}</span></a>` +
    `<a class="sp-lang" href="${e(visitorPath(sources.otherLanguage, language === 'ar' ? 'en' : 'ar'))}" hreflang="${language === 'ar' ? 'en' : 'ar'}">${e(words.otherLanguage)}</a></div></header>` +
    `<main class="sp-wrap sp-main">${breadcrumbs(sources.crumbs, language)}${content}</main></div>`
  );
}
