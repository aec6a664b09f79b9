import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_DEBOUNCE_MS } from '@dalil/contracts/constants';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';

interface ListKitSearchProps {
  value: string;
  onSearch: (value: string) => void;
}

/** The search input is debounced 400 ms before it reaches the URL (and the query). */
export function ListKitSearch({ value, onSearch }: ListKitSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);

  // Back/Forward change the URL: show what it says.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text.trim() === lastSent.current) return;
    const timer = window.setTimeout(() => {
      lastSent.current = text.trim();
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={t('admin.list.search')}
      sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
      slotProps={{
        htmlInput: { 'aria-label': t('admin.list.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('admin.list.clearSearch')}
                onClick={() => setText('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
