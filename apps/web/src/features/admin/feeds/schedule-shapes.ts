/**
 * The schedules the feed form's picker writes, each as the five-field cron expression the API takes,
 * and the reading back of an expression into one of them. Any other expression is `custom`: it is
 * kept as typed, so a feed set up elsewhere loses nothing.
 */
export type PickedSchedule =
  | { kind: 'hours'; every: number; minute: number }
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'weekly'; days: number[]; hour: number; minute: number }
  | { kind: 'custom'; cron: string };

/** The hour steps offered: each divides the day, so the runs are evenly spaced from midnight. */
export const HOUR_STEPS = [1, 2, 3, 4, 6, 8, 12] as const;

/** A whole number written plainly (no sign, no leading zero but for 0 itself) within [0, max]. */
function plain(field: string, max: number): number | null {
  if (!/^(0|[1-9]\d?)$/.test(field)) return null;
  const n = Number(field);
  return n <= max ? n : null;
}

/** Days of the week as the picker writes them: 0 (Sunday) to 6, ascending, each once. */
function weekdays(field: string): number[] | null {
  const days = field.split(',').map((d) => plain(d, 6));
  if (days.some((d) => d === null)) return null;
  const sorted = days as number[];
  return sorted.every((d, i) => i === 0 || d > sorted[i - 1]!) ? sorted : null;
}

/** The picker's reading of a cron expression; `custom` when it is none of its shapes. */
export function readSchedule(cron: string): PickedSchedule {
  const custom = { kind: 'custom', cron } as const;
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return custom;
  const [min, hour, dom, month, dow] = fields as [string, string, string, string, string];
  const minute = plain(min, 59);
  if (minute === null || dom !== '*' || month !== '*') return custom;
  if (dow === '*') {
    if (hour === '*') return { kind: 'hours', every: 1, minute };
    const step = /^\*\/(\d+)$/.exec(hour);
    if (step) {
      const every = Number(step[1]);
      return (HOUR_STEPS as readonly number[]).includes(every) && every > 1
        ? { kind: 'hours', every, minute }
        : custom;
    }
    const at = plain(hour, 23);
    return at === null ? custom : { kind: 'daily', hour: at, minute };
  }
  const at = plain(hour, 23);
  const days = weekdays(dow);
  return at === null || days === null || days.length === 0 || days.length === 7
    ? custom
    : { kind: 'weekly', days, hour: at, minute };
}

/** The cron expression of a picked schedule. */
export function writeSchedule(picked: PickedSchedule): string {
  switch (picked.kind) {
    case 'hours':
      return `${picked.minute} ${picked.every === 1 ? '*' : `*/${picked.every}`} * * *`;
    case 'daily':
      return `${picked.minute} ${picked.hour} * * *`;
    case 'weekly':
      // Every day of the week is every day.
      if (new Set(picked.days).size === 7) return `${picked.minute} ${picked.hour} * * *`;
      return `${picked.minute} ${picked.hour} * * ${[...picked.days].sort((a, b) => a - b).join(',')}`;
    case 'custom':
      return picked.cron;
  }
}
