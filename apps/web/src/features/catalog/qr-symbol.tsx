import { create } from 'qrcode';
import { useMemo, type CSSProperties } from 'react';

/** Four modules of white around the symbol: the quiet zone the QR standard asks for. */
const QUIET = 4;

function modulesPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++)
      if (modules.get(y, x)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
  return { size: modules.size + QUIET * 2, path };
}

interface QrSymbolProps {
  text: string;
  /** The accessible name: what the code is and where it leads. */
  label: string;
  className?: string;
  style?: CSSProperties;
}

/** A QR code as a scalable SVG, black on white in both colour modes. */
export function QrSymbol({ text, label, className, style }: QrSymbolProps) {
  const { size, path } = useMemo(() => modulesPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className={className}
      style={{ background: '#ffffff', display: 'block', ...style }}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
