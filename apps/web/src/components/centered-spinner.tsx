import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { SPINNER_SIZE } from '@dalil/contracts/constants';

interface CenteredSpinnerProps {
  /** Announced to assistive technology and shown under the spinner. */
  label: string;
  fullPage?: boolean;
}

/** The loading spinner: size 40, primary colour, centred. */
export function CenteredSpinner({ label, fullPage = true }: CenteredSpinnerProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullPage ? '100dvh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress size={SPINNER_SIZE} color="primary" aria-label={label} />
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
