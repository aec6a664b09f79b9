import {
  attributeDisplay,
  type AttributeGroup,
  type NutritionTable,
  type ShownText,
} from '@dalil/contracts/attribute-display';
import type { Product } from '@dalil/contracts/products';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { usePreferences } from '../../lib/preferences-store';

type Language = 'ar' | 'en';

/**
 * A text's lang and direction when it is not in the page's language (a value that fell back to the
 * other), so an Arabic text on an English page reads right to left.
 */
const otherLanguage = (text: ShownText, language: Language) =>
  text.lang === language ? {} : ({ lang: text.lang, dir: text.lang === 'ar' ? 'rtl' : 'ltr' } as const);

function Group({ group, language }: { group: AttributeGroup; language: Language }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        component="h2"
        variant="subtitle1"
        {...otherLanguage(group.title, language)}
        sx={{ fontWeight: 700, mb: 0.5 }}
      >
        {group.title.text}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}
      >
        {group.lines.map((line) => (
          <Box key={line.key} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              color="text.secondary"
              {...otherLanguage(line.label, language)}
              sx={line.long ? { gridColumn: '1 / -1' } : undefined}
            >
              {line.label.text}
            </Typography>
            <Typography
              component="dd"
              {...otherLanguage(line.value, language)}
              sx={{
                m: 0,
                fontWeight: line.long ? 400 : 500,
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                unicodeBidi: 'isolate',
                ...(line.long ? { gridColumn: '1 / -1', mb: 0.5 } : {}),
              }}
            >
              {line.value.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The nutrition values per 100 g or ml as a food label's table: a caption and a header for each column. */
function Nutrition({ table }: { table: NutritionTable }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 3, overflow: 'hidden' }}>
      <Table
        size="small"
        sx={{
          '& caption': {
            captionSide: 'top',
            textAlign: 'start',
            fontWeight: 700,
            fontSize: '1rem',
            color: 'text.primary',
            px: 2,
            py: 1.25,
          },
        }}
      >
        <caption>{table.caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell sx={{ color: 'text.secondary' }}>{table.nutrient}</TableCell>
            <TableCell align="right" sx={{ color: 'text.secondary' }}>
              {table.amount}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.key} sx={{ '&:last-child > *': { borderBottom: 0 } }}>
              <TableCell
                component="th"
                scope="row"
                sx={row.sub ? { pl: 4, color: 'text.secondary' } : { fontWeight: 500 }}
              >
                {row.label}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 500, unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
                {row.value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * A product's visible attributes in the reader's language: each group under its heading, then the
 * nutrition values as a table (the server's rendered page shows the same, modules/pages/page-attributes.ts).
 */
export function ProductAttributes({ product }: { product: Product }) {
  const language = usePreferences((s) => s.language);
  const shown = useMemo(
    () => attributeDisplay(product.attributes, product.attributeDefinitions ?? [], language),
    [product.attributes, product.attributeDefinitions, language],
  );
  if (shown.groups.length === 0 && !shown.nutrition) return null;
  return (
    <>
      {shown.groups.map((group) => (
        <Group key={group.title.text} group={group} language={language} />
      ))}
      {shown.nutrition && <Nutrition table={shown.nutrition} />}
    </>
  );
}
