import { isIP } from 'node:net';
import { z } from 'zod';

// Parsers for the settings' string values (config-env.ts uses them).

export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(v)));

const durationPattern = /^(\d+)\s*(s|m|h|d)$/;
export const duration = (fallback: string) =>
  z
    .string()
    .regex(durationPattern, 'must be a duration such as 30m, 12h or 7d')
    .optional()
    .transform((v) => {
      const [, n, unit] = durationPattern.exec(v ?? fallback)!;
      const seconds = { s: 1, m: 60, h: 3600, d: 86400 }[unit as 's' | 'm' | 'h' | 'd'];
      return Number(n) * seconds;
    });

/**
 * TRUST_PROXY: off by default; a hop count (`1` behind one reverse proxy), or the proxies' addresses
 * and CIDR ranges separated by commas. Fastify then takes the client address from X-Forwarded-For.
 */
export const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const value = v?.trim().toLowerCase();
    if (!value || ['false', '0', 'off', 'no'].includes(value)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a))) return list;
    ctx.addIssue({ code: 'custom', message: 'must be a hop count or a list of addresses or CIDR ranges' });
    return z.NEVER;
  });

export const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int().positive().default(fallback);

/** A comma-separated list of host names, lower-cased, without ports. */
export const hostList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((hosts) => hosts.every(isHostEntry), {
    message:
      'must be host names or addresses, each with an optional port, separated by commas (erp.example,10.0.0.5:8080,[fd00::5]:8443), without schemes or paths',
  });

/** `host`, `host:port`, a bare IPv6 address, `[v6]` or `[v6]:port`; a port is 1-65535. */
function isHostEntry(entry: string): boolean {
  const match = /^(?:([^/:@*\s[\]]+)|\[([0-9a-f:.]+)\])(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return /^[0-9a-f:.]+$/.test(entry) && isIP(entry) === 6;
  const [, , v6, port] = match;
  if (v6 !== undefined && isIP(v6) !== 6) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}
