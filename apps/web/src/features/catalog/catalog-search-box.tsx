import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@dalil/contracts/constants';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { forgetTypedSearch, typedSearch } from './served-search';

interface CatalogSearchBoxProps {
  /** The search in the URL. */
  value: string;
  onCommit: (search: string) => void;
}

/** Search box and button; typing is debounced 400 ms, the button is immediate. */
export function CatalogSearchBox({ value, onCommit }: CatalogSearchBoxProps) {
  const { t } = useTranslation();
  // What the visitor typed into the server-rendered page before the app took over, if anything.
  const [typed] = useState(typedSearch);
  const [text, setText] = useState(typed?.text ?? value);
  useEffect(forgetTypedSearch, []);
  const [shown, setShown] = useState(value);
  const id = useId();
  const label = t('catalog.main.searchLabel');
  // Back, Forward or a reset changed the URL: show what it says.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onCommit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onCommit]);

  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onCommit(text);
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'stretch' }}
    >
      {/* A TextField's parts, without TextField: it also bundles Select, Menu and Modal, which a search
          box never needs (docs/performance.md, "First visit"). It renders the same elements. */}
      <FormControl
        fullWidth
        variant="outlined"
        sx={{ '& input[type=search]::-webkit-search-cancel-button': { display: 'none' } }}
      >
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
        <OutlinedInput
          id={id}
          label={label}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('catalog.main.searchPlaceholder')}
          autoComplete="off"
          autoFocus={typed?.focused}
          inputProps={{ maxLength: SEARCH_MAX_LENGTH, enterKeyHint: 'search' }}
          sx={{ bgcolor: 'background.paper', borderRadius: 3 }}
          startAdornment={
            <InputAdornment position="start">
              <Search aria-hidden />
            </InputAdornment>
          }
          endAdornment={
            text ? (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={t('catalog.main.clearSearch')}
                  onClick={() => {
                    setText('');
                    onCommit('');
                  }}
                >
                  <Close />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
        />
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        size="large"
        sx={{ flexShrink: 0, borderRadius: 3, px: { xs: 2.5, sm: 4 } }}
      >
        {t('catalog.main.searchButton')}
      </Button>
    </Box>
  );
}
