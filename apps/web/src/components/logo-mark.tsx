import { useId } from 'react';

interface LogoMarkProps {
  size?: number;
}

/** Dalil's mark: a compass needle ("dalil" is a guide) on a rounded tile in the brand blue. */
export function LogoMark({ size = 40 }: LogoMarkProps) {
  const gradientId = `dalil-logo-${useId()}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4ea7da" />
          <stop offset="1" stopColor="#1f5b82" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="13" fill={`url(#${gradientId})`} />
      <circle cx="24" cy="24" r="15" fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="1.8" />
      <g transform="rotate(38 24 24)">
        <path d="M24 9.5 L29 24 L19 24 Z" fill="#ffffff" />
        <path d="M19 24 L29 24 L24 38.5 Z" fill="#ffffff" fillOpacity="0.5" />
      </g>
      <circle cx="24" cy="24" r="2.6" fill={`url(#${gradientId})`} stroke="#ffffff" strokeWidth="1.4" />
    </svg>
  );
}
