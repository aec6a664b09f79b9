import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import type { MediaStore } from '../../lib/media-store';
import {
  type AddressLanguage,
  type VisitorLanguage,
  type VisitorPage,
  visitorAddress,
} from '../../lib/visitor-addresses';
import { linkPreview } from '../media/media.service';
import type { HeadImage, PageHead } from './page-head';
import { findCategory, findFamily, findProduct, type PageFamily } from './pages.repository';
import { breadcrumbList, type Crumb, organization, productData } from './structured-data';

/** What the pages need from the app. */
export interface PageSources {
  db: Db;
  media: MediaStore;
  config: Pick<Config, 'holding' | 'currency' | 'media'>;
  /** The clock drafts are published by. */
  now: () => Date;
}

/**
 * A visitor page's head and breadcrumbs (which its body shows too), or a page that does not exist
 * (answered 404 with the app, which says so).
 */
export type PageOutcome = { found: true; head: PageHead; crumbs: Crumb[] } | { found: false };

const DESCRIPTION_MAX = 300;
const shorten = (text: string) =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;

/** The few sentences a head is written in, in each language. */
const TEXTS = {
  ar: {
    chooser: (holding: string) => `دليل منتجات ${holding}: اختر العائلة لتصفح منتجاتها.`,
    catalogue: (family: string, category: string | null, holding: string) =>
      `منتجات ${family}${category ? ` ضمن ${category}` : ''} في دليل ${holding}.`,
    product: (name: string, family: string, category: string | null) =>
      `${name} من ${family}${category ? `، ضمن ${category}` : ''}.`,
    page: (n: number) => `صفحة ${n}`,
    search: (text: string) => `بحث: ${text}`,
    chooserCrumb: 'العائلات',
  },
  en: {
    chooser: (holding: string) =>
      `The product catalogue of ${holding}: choose a family to browse its products.`,
    catalogue: (family: string, category: string | null, holding: string) =>
      `Products of ${family}${category ? ` in ${category}` : ''}, in the ${holding} catalogue.`,
    product: (name: string, family: string, category: string | null) =>
      `${name} from ${family}${category ? `, in ${category}` : ''}.`,
    page: (n: number) => `Page ${n}`,
    search: (text: string) => `Search: ${text}`,
    chooserCrumb: 'Families',
  },
} as const;

const named = (row: { nameAr: string; nameEn: string }, language: VisitorLanguage) =>
  language === 'ar' ? row.nameAr : row.nameEn;

/** The media address images are served from: the same origin's /media, or MEDIA_PUBLIC_URL. */
const mediaBase = (config: PageSources['config'], origin: string) =>
  /^https?:\/\//.test(config.media.publicUrl)
    ? config.media.publicUrl.replace(/\/+$/, '')
    : origin + config.media.publicUrl;

/** The preview JPEG of the first of `names` the store can make one of. */
async function previewOf(
  sources: PageSources,
  origin: string,
  names: (string | null)[],
): Promise<{ image: HeadImage; name: string; stored: string } | null> {
  for (const name of names) {
    if (!name) continue;
    const preview = await linkPreview(sources.media, name);
    if (preview) {
      const base = mediaBase(sources.config, origin);
      return {
        image: { url: `${base}/${preview.key}`, width: preview.width, height: preview.height },
        name,
        stored: `${base}/${name}`,
      };
    }
  }
  return null;
}

/** A family's picture for previews: its logo, else its cover or image. */
const familyPictures = (f: PageFamily) => [f.logo, f.cover, f.image];

/** The head of a visitor page in one language, read from the catalogue. */
export async function pageHead(
  sources: PageSources,
  origin: string,
  page: VisitorPage,
  language: VisitorLanguage,
  addressLanguage: AddressLanguage,
): Promise<PageOutcome> {
  const texts = TEXTS[language];
  const holding = language === 'ar' ? sources.config.holding.nameAr : sources.config.holding.nameEn;
  // The page's links keep the form of its own address: in a named language, or without one.
  const address = (p: VisitorPage, l: AddressLanguage = addressLanguage) => visitorAddress(origin, p, l);
  const addresses = (p: VisitorPage) => ({
    language,
    siteName: holding,
    canonical: address(p),
    alternates: { ar: address(p, 'ar'), en: address(p, 'en'), 'x-default': address(p, null) },
  });
  const base = addresses(page);
  const chooserCrumb: Crumb = { name: texts.chooserCrumb, url: address({ kind: 'chooser' }) };

  if (page.kind === 'chooser') {
    return {
      found: true,
      head: {
        ...base,
        title: holding,
        description: texts.chooser(holding),
        ogType: 'website',
        image: null,
        structuredData: [organization(holding, address({ kind: 'chooser' }))],
      },
      crumbs: [],
    };
  }

  if (page.kind === 'catalog') {
    const family = await findFamily(sources.db, page.family, sources.now());
    if (!family) return { found: false };
    const category = page.category != null ? await findCategory(sources.db, family.id, page.category) : null;
    const familyName = named(family, language);
    const categoryName = category ? named(category, language) : null;
    // A category the family does not have filters nothing: the page's address leaves it out.
    const shown = addresses({ ...page, category: category?.id ?? null });
    const search = page.search?.trim() ?? '';
    const titleParts = [familyName, categoryName, search ? texts.search(search) : null];
    if (page.page !== undefined && page.page > 1) titleParts.push(texts.page(page.page));
    const crumbs: Crumb[] = [
      chooserCrumb,
      { name: familyName, url: address({ kind: 'catalog', family: family.id }) },
    ];
    if (category)
      crumbs.push({
        name: categoryName ?? '',
        url: address({ kind: 'catalog', family: family.id, category: category.id }),
      });
    const preview = await previewOf(sources, origin, familyPictures(family));
    return {
      found: true,
      head: {
        ...shown,
        title: `${titleParts.filter(Boolean).join(' · ')} | ${holding}`,
        description: shorten(texts.catalogue(familyName, categoryName, holding)),
        ogType: 'website',
        image: preview?.image ?? null,
        structuredData: [breadcrumbList(crumbs)],
        ...(search ? { noindex: true } : {}),
      },
      crumbs,
    };
  }

  const product = await findProduct(sources.db, page.id, sources.now());
  if (!product) return { found: false };
  const name = named(product, language);
  const familyName = named(product.family, language);
  const category = product.categories[0];
  const categoryName = category ? named(category, language) : null;
  const ownDescription = (language === 'ar' ? product.descriptionAr : product.descriptionEn)?.trim();
  const description = shorten(ownDescription || texts.product(name, familyName, categoryName));
  const preview = await previewOf(sources, origin, [product.image, ...familyPictures(product.family)]);
  const crumbs: Crumb[] = [
    chooserCrumb,
    { name: familyName, url: address({ kind: 'catalog', family: product.family.id }) },
    ...product.categories.map((c) => ({
      name: named(c, language),
      url: address({ kind: 'catalog', family: product.family.id, category: c.id }),
    })),
    { name, url: base.canonical },
  ];
  // A family's logo stands in for the preview, but is no picture of the product.
  const images = preview && preview.name === product.image ? [preview.image.url, preview.stored] : [];
  return {
    found: true,
    head: {
      ...base,
      title: `${name} · ${familyName} | ${holding}`,
      description,
      ogType: 'product',
      image: preview?.image ?? null,
      structuredData: [
        productData({
          product,
          language,
          url: base.canonical,
          description,
          images,
          currency: sources.config.currency,
        }),
        breadcrumbList(crumbs),
      ],
    },
    crumbs,
  };
}
