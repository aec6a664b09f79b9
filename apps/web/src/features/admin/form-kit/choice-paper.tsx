import Paper, { type PaperProps } from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { use } from 'react';
import { MoreMatchesContext } from './more-matches-context';

/** A choice's popup: the offered records, then how to find the others (typing a name). */
export function ChoicePaper({ children, ...props }: PaperProps) {
  const more = use(MoreMatchesContext);
  return (
    <Paper {...props}>
      {children}
      {more && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          // A click on the sentence keeps the focus in the field, as on the list.
          onMouseDown={(event) => event.preventDefault()}
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          {more}
        </Typography>
      )}
    </Paper>
  );
}
