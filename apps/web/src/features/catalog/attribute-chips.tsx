import type { SearchAttribute } from '@dalil/contracts/search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { i18n, useTranslation } from '../../lib/i18n';
import catalogFiltersAr from '../../lib/locales/catalog-filters.ar.json';
import catalogFiltersEn from '../../lib/locales/catalog-filters.en.json';
import { usePreferences } from '../../lib/preferences-store';
import { facetCounts } from './catalog-api';
import { ATTRIBUTE_PARAM, type CatalogQuery } from './catalog-query';

// This module loads only for a family with choice attributes: its texts come with it. Its chips are
// the category toggles' buttons (already in the first visit's code), rounded, so it adds no library.
i18n.addMessages('en', { catalogFilters: catalogFiltersEn });
i18n.addMessages('ar', { catalogFilters: catalogFiltersAr });

type Filters = NonNullable<CatalogQuery['attributes']>;

/** A toggle button shaped as a chip: rounded, in the text's own case. */
const CHIP = {
  borderRadius: 5,
  px: 1.5,
  py: 0.25,
  textTransform: 'none',
  bgcolor: 'background.paper',
} as const;

interface AttributeChipsProps {
  family: number;
  query: CatalogQuery;
  attributes: SearchAttribute[];
  onChange: (attributes: Filters | undefined) => void;
}

/**
 * How many of the products matching the text, the category and the other filters have each option
 * (the server sets each attribute's own filter aside, so its other options keep their counts).
 */
const optionCountsQuery = (family: number, query: CatalogQuery, keys: string[]) =>
  queryOptions({
    queryKey: [
      'catalog',
      'attribute-counts',
      family,
      query.search.trim(),
      query.category,
      query.attributes ?? {},
      keys,
    ],
    queryFn: async ({ signal }) => {
      const facets = await facetCounts(
        { ...query, family },
        keys.map((k) => `${ATTRIBUTE_PARAM}${k}`),
        signal,
      );
      return facets?.attributes ?? {};
    },
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });

/** The filters with one option of one attribute chosen or, if it was, no longer. */
function toggled(filters: Filters | undefined, key: string, option: string): Filters | undefined {
  const current = filters?.[key] ?? [];
  const options = current.includes(option) ? current.filter((o) => o !== option) : [...current, option];
  const next: Record<string, readonly string[]> = { ...filters, [key]: options };
  if (options.length === 0) delete next[key];
  return Object.keys(next).length > 0 ? next : undefined;
}

/**
 * Under the category toggles, a row of chips per choice attribute of the family: each option with the
 * number of matching products (options with none are left out unless chosen). Choosing several options
 * of one attribute shows products with any of them; options of several attributes must all hold.
 */
export default function AttributeChips({ family, query, attributes, onChange }: AttributeChipsProps) {
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const counts = useQuery(
    optionCountsQuery(
      family,
      query,
      attributes.map((a) => a.key),
    ),
  ).data;
  return (
    <Box
      role="group"
      aria-label={t('catalogFilters.filters')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {attributes.map((a) => {
        const chosen = query.attributes?.[a.key] ?? [];
        const shown = a.options
          .map((o) => ({ ...o, count: counts?.[a.key]?.find((f) => f.option === o.key)?.count ?? 0 }))
          .filter((o) => counts === undefined || o.count > 0 || chosen.includes(o.key));
        if (shown.length === 0) return null;
        const name = a.name[language];
        return (
          <Box
            key={a.key}
            role="group"
            aria-label={t('catalogFilters.attribute', { name })}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Typography component="span" color="text.secondary" sx={{ fontSize: '0.9rem' }}>
              {name}
            </Typography>
            {shown.map((o) => {
              const on = chosen.includes(o.key);
              return (
                <ToggleButton
                  key={o.key}
                  value={o.key}
                  size="small"
                  color="primary"
                  selected={on}
                  onChange={() => onChange(toggled(query.attributes, a.key, o.key))}
                  sx={CHIP}
                >
                  {counts === undefined ? o.name[language] : `${o.name[language]} (${o.count})`}
                </ToggleButton>
              );
            })}
          </Box>
        );
      })}
      {query.attributes && (
        <Box>
          <Button size="small" onClick={() => onChange(undefined)}>
            {t('catalogFilters.clear')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
