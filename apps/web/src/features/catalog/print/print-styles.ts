// The printable catalogue's stylesheet. It is rendered by the print screen itself (not imported as a
// CSS file) so its @page rules, which name the family, leave with the screen: printing any other
// page of the app is not affected.

/** A CSS string literal for any text (quotes, backslashes and line breaks escaped). */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[\r\n]+/g, ' ')}"`;
}

export interface PrintStyleOptions {
  direction: 'ltr' | 'rtl';
  /** The family's name, repeated at the top of every page after the cover. */
  header: string;
  /** The family's logo beside that name, or null. */
  logoUrl: string | null;
  /** Words around the page counters: `Page 3 of 9` is `["Page ", " of "]`. */
  pageWords: [before: string, between: string];
  fontFamily: string;
}

// Page geometry in millimetres. Every sheet must fit one A4 page exactly (print-plan.ts counts on
// it): 297 - 20 - 14 = 263 mm of height for a category's title (14) and four rows of 57 with gaps of 4.
const MARGIN = { top: 20, side: 12, bottom: 14 };
const ROW = 57;

export function printStyles(o: PrintStyleOptions): string {
  const start = o.direction === 'rtl' ? 'right' : 'left';
  const logo = o.logoUrl
    ? `background: url(${cssString(o.logoUrl)}) no-repeat ${start} center / 10mm 10mm; padding-${start}: 13mm;`
    : '';
  return `
@page {
  size: A4;
  margin: ${MARGIN.top}mm ${MARGIN.side}mm ${MARGIN.bottom}mm;
  @top-${start} {
    content: ${cssString(o.header)};
    ${logo}
    font: 600 10pt ${o.fontFamily};
    color: #333;
    text-align: ${start};
    vertical-align: middle;
    direction: ${o.direction};
    width: 120mm;
  }
  @bottom-center {
    content: ${cssString(o.pageWords[0])} counter(page) ${cssString(o.pageWords[1])} counter(pages);
    font: 9pt ${o.fontFamily};
    color: #555;
    direction: ${o.direction};
  }
}
@page cover {
  margin: 0;
  @top-${start} { content: none; background: none; }
  @bottom-center { content: none; }
}

.dp { font-family: ${o.fontFamily}; color: #15202b; line-height: 1.35; }
.dp * { box-sizing: border-box; }
.dp-sheet {
  position: relative;
  width: 210mm;
  min-height: 297mm;
  margin: 0 auto 8mm;
  padding: ${MARGIN.top}mm ${MARGIN.side}mm ${MARGIN.bottom}mm;
  background: #fff;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.25), 0 6px 24px rgba(0, 0, 0, 0.12);
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
}
.dp-screen-head, .dp-screen-foot {
  position: absolute;
  inset-inline: ${MARGIN.side}mm;
  display: flex;
  align-items: center;
  gap: 3mm;
  font-size: 10pt;
  color: #333;
}
.dp-screen-head { top: 5mm; height: 10mm; font-weight: 600; }
.dp-screen-head img { width: 10mm; height: 10mm; object-fit: contain; }
.dp-screen-foot { bottom: 4mm; justify-content: center; font-size: 9pt; color: #555; }

.dp-cover { padding: 0; display: flex; flex-direction: column; overflow: hidden; height: 297mm; }
.dp-cover-image { height: 150mm; background: #e8efe9; position: relative; }
.dp-cover-image img { width: 100%; height: 100%; object-fit: cover; display: block; }
.dp-cover-logo {
  position: absolute; bottom: -22mm; ${start}: 18mm; width: 44mm; height: 44mm; border-radius: 50%;
  background: #fff; border: 1.5mm solid #fff; box-shadow: 0 1mm 3mm rgba(0,0,0,0.2); overflow: hidden;
}
.dp-cover-logo img { width: 100%; height: 100%; object-fit: contain; display: block; }
.dp-cover-body { flex: 1; padding: 30mm 18mm 16mm; display: flex; flex-direction: column; gap: 4mm; }
.dp-cover-kicker { font-size: 12pt; letter-spacing: 0.04em; color: #2e7d4f; font-weight: 600; margin: 0; }
.dp-cover h1 { font-size: 30pt; line-height: 1.25; margin: 0; }
.dp-cover-other { font-size: 16pt; color: #4d5a69; margin: 0; }
.dp-cover-facts { margin: 4mm 0 0; font-size: 11pt; color: #333; display: flex; gap: 8mm; }
.dp-cover-foot { margin-top: auto; display: flex; align-items: flex-end; justify-content: space-between; gap: 8mm; }
.dp-cover-foot p { margin: 0; font-size: 10pt; color: #555; }
.dp-cover-qr { display: flex; align-items: center; gap: 4mm; font-size: 9pt; color: #555; max-width: 80mm; }
.dp-cover-qr svg { width: 26mm; height: 26mm; flex-shrink: 0; }

.dp-contents h2, .dp-category-head h2 { margin: 0; }
.dp-contents h2 { font-size: 20pt; margin-bottom: 6mm; }
.dp-contents ol { list-style: none; margin: 0; padding: 0; }
.dp-contents li { height: 9mm; border-bottom: 0.3mm dotted #b5bec8; }
.dp-contents a { display: flex; align-items: baseline; gap: 3mm; height: 100%; padding-top: 2mm; color: inherit; text-decoration: none; }
.dp-contents .dp-name { font-weight: 600; font-size: 11.5pt; }
.dp-contents .dp-other { color: #5b6673; font-size: 9.5pt; }
.dp-contents .dp-count { margin-inline-start: auto; color: #5b6673; font-size: 9.5pt; }
.dp-contents .dp-page { min-width: 10mm; text-align: end; font-weight: 600; font-variant-numeric: tabular-nums; }

.dp-category-head {
  height: 10mm; margin-bottom: 4mm; display: flex; align-items: baseline; gap: 4mm;
  border-bottom: 0.6mm solid #2e7d4f;
}
.dp-category-head h2 { font-size: 15pt; color: #1f5f3a; }
.dp-category-head p { margin: 0; color: #5b6673; font-size: 10.5pt; }
.dp-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); grid-auto-rows: ${ROW}mm; gap: 4mm; }
.dp-item {
  display: grid; grid-template-columns: 27mm minmax(0, 1fr); grid-template-rows: minmax(0, 1fr) auto;
  gap: 2mm 3mm; padding: 3mm; border: 0.3mm solid #d5dbe1; border-radius: 2.5mm; overflow: hidden;
  break-inside: avoid;
}
.dp-item-image { width: 27mm; height: 27mm; border-radius: 1.5mm; background: #f1f4f6; overflow: hidden; display: grid; place-items: center; color: #9aa5b1; }
.dp-item-image img { width: 100%; height: 100%; object-fit: contain; display: block; }
.dp-item-body { min-width: 0; display: flex; flex-direction: column; gap: 0.5mm; }
.dp-item h3 {
  margin: 0; font-size: 10.5pt; line-height: 1.3; display: -webkit-box; -webkit-line-clamp: 2;
  -webkit-box-orient: vertical; overflow: hidden;
}
.dp-item .dp-other { margin: 0; font-size: 8.5pt; color: #5b6673; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.dp-facts { margin: 1mm 0 0; display: grid; grid-template-columns: auto 1fr; gap: 0.3mm 2mm; font-size: 8pt; }
.dp-facts dt { color: #5b6673; }
.dp-facts dd { margin: 0; font-weight: 600; unicode-bidi: isolate; }
.dp-attributes { margin: 0.5mm 0 0; font-size: 7.5pt; line-height: 1.35; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
.dp-attribute-name { color: #5b6673; }
.dp-item-code { grid-column: 1 / -1; display: flex; align-items: center; justify-content: center; height: 18mm; }
.dp-item-code svg { height: 18mm; width: auto; max-width: 100%; }
.dp-item-code span { font-size: 8pt; color: #5b6673; }

@media screen {
  .dp-canvas { overflow-x: auto; padding: 8mm 4mm; }
  /* Below the sticky toolbar when the contents' links scroll to a category. */
  .dp-sheet { scroll-margin-top: 72px; }
}
@media print {
  .dp-screen-only, .dp-screen-head, .dp-screen-foot { display: none !important; }
  html, body, .dp-screen-backdrop { background: #fff !important; }
  .dp-canvas { padding: 0; }
  /* Chromium clips at the page area's edge: keep borders a hair inside it. */
  .dp-sheet { width: auto; min-height: 0; margin: 0; padding: 0 0.5mm; box-shadow: none; break-after: page; }
  .dp-sheet:last-child { break-after: auto; }
  .dp-cover { page: cover; width: 210mm; height: 296mm; padding: 0; }
}
`;
}
