import { Cron } from 'croner';
import { fieldError } from '../../lib/errors';

/**
 * A feed's schedule: a cron expression of exactly five fields (minute hour day-of-month month
 * day-of-week), read in the feed's time zone, so it runs at most once a minute.
 */
function cronOf(schedule: string, timeZone: string): Cron {
  return new Cron(schedule, { timezone: timeZone, mode: '5-part', paused: true });
}

/** When a schedule next runs strictly after `from`; null when it never does (30 February). */
export function nextRunAfter(schedule: string, timeZone: string, from: Date): Date | null {
  return cronOf(schedule, timeZone).nextRun(from);
}

/**
 * Checks a schedule an admin typed and answers its first run after `now`: 400 naming `schedule`
 * when it is not five fields, croner refuses it, or it never runs.
 */
export function firstRun(schedule: string, timeZone: string, now: Date): Date {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw fieldError(400, 'schedule', 'feed.fiveFields', { count: fields.length });
  }
  let next: Date | null;
  try {
    next = nextRunAfter(schedule, timeZone, now);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern: /, '') : String(error);
    throw fieldError(400, 'schedule', 'feed.badCron', { reason });
  }
  if (!next) throw fieldError(400, 'schedule', 'feed.neverRuns', {});
  return next;
}
