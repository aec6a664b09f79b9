import { keyframes, styled } from '@mui/material/styles';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/**
 * The product grid (a `<ul>` of cards) and every card's styles, as one stylesheet keyed by class
 * names. A page shows 25 cards: per-element `sx` would have emotion serialise and insert styles for
 * some 500 elements on each render, a long main-thread task on a phone (docs/performance.md).
 */
export const ProductGrid = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.spacing(1.5),
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  [theme.breakpoints.up('sm')]: { gap: theme.spacing(2), gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  '& .pc-card': {
    boxSizing: 'border-box',
    height: '100%',
    overflow: 'hidden',
    borderRadius: Number(theme.shape.borderRadius) * 3,
    border: `1px solid ${theme.palette.divider}`,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    transition: 'box-shadow 160ms, transform 160ms, border-color 160ms',
  },
  '& .pc-link': {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    color: 'inherit',
    textDecoration: 'none',
    borderRadius: 'inherit',
    outline: 'none',
    WebkitTapHighlightColor: 'transparent',
  },
  '& .pc-card:hover, & .pc-card:has(.pc-link:focus-visible)': {
    boxShadow: theme.shadows[6],
    transform: 'translateY(-2px)',
    borderColor: 'transparent',
  },
  '& .pc-link:focus-visible': {
    boxShadow: `inset 0 0 0 3px ${theme.palette.primary.main}`,
  },
  '& .pc-media': {
    position: 'relative',
    aspectRatio: '1',
    overflow: 'hidden',
    display: 'grid',
    placeItems: 'center',
    backgroundColor: theme.palette.action.hover,
  },
  '& .pc-media img': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    display: 'block',
  },
  '& .pc-media svg': { width: 40, height: 40, fill: theme.palette.text.disabled },
  '& .pc-body': {
    padding: theme.spacing(1.5),
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(1),
    flex: 1,
  },
  '& .pc-name': {
    margin: 0,
    fontWeight: 700,
    fontSize: '1rem',
    lineHeight: 1.45,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  '& .pc-other, & .pc-facts dd': {
    ...theme.typography.body2,
    margin: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .pc-other': { color: theme.palette.text.secondary },
  '& .pc-facts': {
    margin: 0,
    marginTop: 'auto',
    paddingTop: theme.spacing(1),
    borderTop: `1px solid ${theme.palette.divider}`,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    columnGap: theme.spacing(1),
    rowGap: theme.spacing(0.5),
  },
  '& .pc-fact': { minWidth: 0 },
  '& .pc-fact-wide': { gridColumn: '1 / -1' },
  '& .pc-facts dt': {
    ...theme.typography.caption,
    lineHeight: 1.4,
    color: theme.palette.text.secondary,
  },
  '& .pc-facts dd': { fontWeight: 500, unicodeBidi: 'isolate' },
  '& .pc-skeleton .pc-bone': {
    display: 'block',
    borderRadius: Number(theme.shape.borderRadius) / 2,
    backgroundColor: theme.palette.action.hover,
    animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  },
  '& .pc-skeleton .pc-media': { backgroundColor: 'transparent' },
  '& .pc-skeleton .pc-media .pc-bone': { position: 'absolute', inset: 0, borderRadius: 0 },
  '@media (prefers-reduced-motion: reduce)': {
    '& .pc-card': { transition: 'none' },
    '& .pc-card:hover, & .pc-card:has(.pc-link:focus-visible)': { transform: 'none' },
    '& .pc-skeleton .pc-bone': { animation: 'none' },
  },
}));
