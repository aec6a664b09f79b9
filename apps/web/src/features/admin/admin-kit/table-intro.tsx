import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A list card's head: what the records are for, beside the button that makes a new one. */
export function TableIntro({
  text,
  create,
  onCreate,
}: {
  text: string;
  create: string;
  onCreate: () => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2, gap: 2 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: '70ch' }}>
        {text}
      </Typography>
      <Button
        variant="contained"
        startIcon={<AddOutlined />}
        onClick={onCreate}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {create}
      </Button>
    </Stack>
  );
}
