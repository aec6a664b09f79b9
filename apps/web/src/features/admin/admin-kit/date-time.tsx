import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/i18n';

interface DateTimeProps {
  /** An ISO time; null shows `none`. */
  time: string | null;
  none?: string;
  /** Who, after the time ("by admin"). */
  by?: string;
}

/**
 * A moment in a table cell: the date, with its time (and who, when given) on a line of its own, so
 * the table stays narrow.
 */
export function DateTime({ time, none = '', by }: DateTimeProps) {
  const { i18n } = useTranslation();
  if (time === null) return none;
  const date = new Date(time);
  return (
    <>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(date)}
      <Typography variant="caption" color="text.secondary" component="div">
        {new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(date)}
        {by && ` · ${by}`}
      </Typography>
    </>
  );
}
