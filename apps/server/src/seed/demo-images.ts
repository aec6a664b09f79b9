import sharp from 'sharp';
import type { PackShape } from './demo-data';

// Demo pictures drawn locally as SVG and stored like uploads: no text (no font dependency), no network.

const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${l}%)`;

function pack(shape: PackShape, hue: number): string {
  const body = hsl(hue, 62, 52);
  const dark = hsl(hue, 55, 34);
  const light = hsl(hue, 70, 78);
  switch (shape) {
    case 'can':
      return `<rect x="200" y="150" width="240" height="340" rx="26" fill="${body}"/>
        <ellipse cx="320" cy="150" rx="120" ry="26" fill="${light}"/><ellipse cx="320" cy="490" rx="120" ry="26" fill="${dark}"/>
        <rect x="200" y="250" width="240" height="120" fill="#fff" opacity=".85"/><circle cx="320" cy="310" r="38" fill="${body}"/>`;
    case 'jar':
      return `<rect x="230" y="130" width="180" height="50" rx="10" fill="${dark}"/>
        <rect x="195" y="175" width="250" height="320" rx="60" fill="${body}"/>
        <rect x="215" y="270" width="210" height="110" rx="14" fill="#fff" opacity=".85"/><path d="M280 325h80" stroke="${dark}" stroke-width="14" stroke-linecap="round"/>`;
    case 'bottle':
      return `<rect x="290" y="90" width="60" height="40" rx="8" fill="${dark}"/>
        <path d="M285 130h70v60c45 25 60 55 60 95v200a25 25 0 0 1-25 25H250a25 25 0 0 1-25-25V285c0-40 15-70 60-95z" fill="${body}"/>
        <rect x="225" y="300" width="190" height="110" fill="#fff" opacity=".85"/><circle cx="320" cy="355" r="30" fill="${light}"/>`;
    case 'bar':
      return `<g transform="rotate(-12 320 320)"><rect x="140" y="220" width="360" height="200" rx="16" fill="${body}"/>
        <rect x="140" y="220" width="90" height="200" rx="16" fill="${dark}"/>
        <path d="M270 290h190M270 350h150" stroke="#fff" stroke-width="16" stroke-linecap="round" opacity=".8"/></g>`;
    case 'tray':
      return `<ellipse cx="320" cy="430" rx="210" ry="50" fill="${dark}"/><ellipse cx="320" cy="410" rx="210" ry="50" fill="${light}"/>
        <circle cx="250" cy="360" r="60" fill="${body}"/><circle cx="380" cy="360" r="60" fill="${body}"/><circle cx="315" cy="300" r="62" fill="${hsl(hue, 62, 60)}"/>`;
    case 'box':
      return `<path d="M170 220l150-70 150 70v220l-150 70-150-70z" fill="${body}"/><path d="M170 220l150 70 150-70" fill="none" stroke="${dark}" stroke-width="10"/>
        <path d="M320 290v220" stroke="${dark}" stroke-width="10"/><path d="M210 300l70 32v70l-70-32z" fill="#fff" opacity=".85"/>`;
  }
}

export function productSvg(shape: PackShape, hue: number, variant: number): string {
  const spin = (variant * 37) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
    <defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${hsl(hue, 70, 96)}"/><stop offset="1" stop-color="${hsl(hue, 45, 86)}"/></radialGradient></defs>
    <rect width="640" height="640" fill="url(#g)"/>
    <g opacity=".18" transform="rotate(${spin} 320 320)"><circle cx="110" cy="120" r="70" fill="${hsl(hue, 60, 60)}"/><circle cx="560" cy="540" r="110" fill="${hsl(hue, 60, 60)}"/></g>
    ${pack(shape, hue)}
  </svg>`;
}

export function logoSvg(hue: number, mark: number): string {
  const c = hsl(hue, 60, 42);
  const marks = [
    // palm
    `<path d="M256 420V250" stroke="#fff" stroke-width="22" stroke-linecap="round"/><path d="M256 250c-40-60-110-60-140-30 60-5 100 10 140 30zm0 0c40-60 110-60 140-30-60-5-100 10-140 30zm0 0c-20-70-70-100-120-90 50 20 85 50 120 90zm0 0c20-70 70-100 120-90-50 20-85 50-120 90z" fill="#fff"/>`,
    // milk drop
    `<path d="M256 120c60 90 110 150 110 210a110 110 0 0 1-220 0c0-60 50-120 110-210z" fill="#fff"/><path d="M210 330a48 48 0 0 0 48 48" stroke="${c}" stroke-width="16" fill="none" stroke-linecap="round"/>`,
    // eight-point star
    `<g fill="#fff"><rect x="166" y="166" width="180" height="180" rx="12"/><rect x="166" y="166" width="180" height="180" rx="12" transform="rotate(45 256 256)"/></g><circle cx="256" cy="256" r="46" fill="${c}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <circle cx="256" cy="256" r="250" fill="${c}"/><circle cx="256" cy="256" r="222" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="6"/>
    ${marks[mark % marks.length]}</svg>`;
}

export function coverSvg(hue: number): string {
  const tiles = Array.from(
    { length: 12 },
    (_, i) =>
      `<circle cx="${i * 140 + 40}" cy="${(i % 3) * 170 + 80}" r="${60 + (i % 4) * 25}" fill="${hsl(hue + i * 6, 60, 70)}" opacity=".28"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
    <defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 30)}"/><stop offset="1" stop-color="${hsl(hue + 30, 60, 48)}"/></linearGradient></defs>
    <rect width="1600" height="600" fill="url(#c)"/>${tiles}</svg>`;
}

export const renderSvg = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();
