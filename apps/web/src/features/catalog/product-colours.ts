// The product page has a green background. Light mode uses a pale sage with a deep
// green accent (7:1 on the pale tint); dark mode a deep forest with a light green accent.
export const PRODUCT_GREEN = {
  light: { page: '#e7f3ea', soft: '#d3ead9', accent: '#1d6b3c', border: '#c3dfca' },
  dark: { page: '#0d1f15', soft: '#183826', accent: '#7fd3a0', border: '#23452f' },
} as const;
