import JsBarcode from 'jsbarcode';
import { useMemo, type CSSProperties } from 'react';
import { barcodeSymbology, type BarcodeSymbology } from './barcode-kind';

/** One run of modules from JsBarcode: '1' a bar, '0' a space; guard bars reach lower than the rest. */
interface Encoding {
  data: string;
  text?: string;
  options?: { height?: number; textAlign?: string };
}

// In modules (the narrowest bar is 1 wide): bar height, digits, and the quiet zones scanners need
// (GS1: 11 modules before an EAN-13 and 7 after; Code 128: 10 on each side).
const BAR_HEIGHT = 48;
const FONT_SIZE = 10;
const TEXT_GAP = 2;
// JsBarcode's EAN-13 already starts with 12 blank modules that hold the first digit; 3 more keep that
// digit off the edge of the white box.
const QUIET = { ean13: { start: 3, end: 9 }, code128: { start: 10, end: 10 } } as const;
const TOP = 4;

function encode(symbology: BarcodeSymbology): Encoding[] {
  // JsBarcode's object renderer hands back the encodings instead of drawing them.
  const target: { encodings?: Encoding[] } = {};
  JsBarcode(target, symbology.value, {
    format: symbology.kind === 'ean13' ? 'EAN13' : 'CODE128',
    width: 1,
    height: BAR_HEIGHT,
    fontSize: FONT_SIZE,
    textMargin: TEXT_GAP,
    displayValue: true,
    margin: 0,
  });
  return target.encodings ?? [];
}

interface Drawing {
  width: number;
  height: number;
  bars: string;
  texts: { x: number; text: string; anchor: 'start' | 'middle' }[];
}

function draw(symbology: BarcodeSymbology): Drawing {
  const quiet = QUIET[symbology.kind];
  let x = quiet.start;
  let bars = '';
  const texts: Drawing['texts'] = [];
  for (const encoding of encode(symbology)) {
    const height = encoding.options?.height ?? BAR_HEIGHT;
    for (let i = 0; i < encoding.data.length;) {
      if (encoding.data[i] !== '1') {
        i++;
        continue;
      }
      let run = 1;
      while (encoding.data[i + run] === '1') run++;
      bars += `M${x + i} ${TOP}h${run}v${height}h${-run}z`;
      i += run;
    }
    if (encoding.text) {
      const left = encoding.options?.textAlign === 'left';
      texts.push({
        x: left ? x : x + encoding.data.length / 2,
        text: encoding.text,
        anchor: left ? 'start' : 'middle',
      });
    }
    x += encoding.data.length;
  }
  return { width: x + quiet.end, height: TOP + BAR_HEIGHT + TEXT_GAP + FONT_SIZE + 2, bars, texts };
}

interface BarcodeSymbolProps {
  value: string | null;
  /** The accessible name; it should carry the digits ("Barcode 6281234567895"). */
  label: (value: string) => string;
  className?: string;
  style?: CSSProperties;
}

/**
 * A barcode as a scalable SVG: EAN-13 when the value is a valid EAN-13, Code 128 otherwise. Always
 * black on white with its quiet zones, whatever the colour mode, so a scanner can read it on screen
 * and on paper. Nothing is drawn for a missing or unencodable value.
 */
export function BarcodeSymbol({ value, label, className, style }: BarcodeSymbolProps) {
  const symbology = useMemo(() => barcodeSymbology(value), [value]);
  const drawing = useMemo(() => (symbology ? draw(symbology) : null), [symbology]);
  if (!symbology || !drawing) return null;
  return (
    <svg
      role="img"
      aria-label={label(symbology.value)}
      data-symbology={symbology.kind}
      viewBox={`0 0 ${drawing.width} ${drawing.height}`}
      className={className}
      style={{ direction: 'ltr', background: '#ffffff', display: 'block', ...style }}
      shapeRendering="crispEdges"
    >
      <rect width={drawing.width} height={drawing.height} fill="#ffffff" />
      <path d={drawing.bars} fill="#000000" />
      {drawing.texts.map((t, i) => (
        <text
          key={i}
          x={t.x}
          y={drawing.height - 2}
          textAnchor={t.anchor}
          fontSize={FONT_SIZE}
          fontFamily="'DejaVu Sans Mono', Consolas, monospace"
          fill="#000000"
          aria-hidden
        >
          {t.text}
        </text>
      ))}
    </svg>
  );
}
