import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { ROW_MENU_MAX_HEIGHT } from '@dalil/contracts/constants';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link, useLocation } from 'react-router';

/** What the edit form needs to return to the same list page, filters and search. */
export interface ListReturn {
  listSearch: string;
}

/**
 * A resource's own row action: a link (opened in a new tab when it leaves the back office), or
 * something done on the spot (`onClick`: turn a webhook off, ask before revoking a key).
 */
export type ListRowLink = { label: string; icon: ReactNode } & (
  { to: string; newTab?: boolean } | { onClick: () => void }
);

interface ListKitRowMenuProps {
  /** Names the row for assistive technology ("Actions for …"). */
  label: string;
  /** Left out: no Edit in the menu (a record that is never changed, such as an API key). */
  editTo?: string | undefined;
  /** Left out: no Delete in the menu. */
  onDelete?: (() => void) | undefined;
  /** Why this row cannot be deleted: Delete shows disabled, with the reason under it. */
  deleteRefusal?: string | undefined;
  links?: ListRowLink[];
}

/** A row menu with Edit, the resource's own actions, and Delete, at most 216 px high. */
export function ListKitRowMenu({ label, editTo, onDelete, deleteRefusal, links = [] }: ListKitRowMenuProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('admin.list.rowActions', { name: label })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxHeight: ROW_MENU_MAX_HEIGHT, minWidth: 160 } } }}
      >
        {editTo !== undefined && (
          <MenuItem
            component={Link}
            to={editTo}
            state={{ listSearch: search } satisfies ListReturn}
            onClick={close}
          >
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('admin.list.edit')}</ListItemText>
          </MenuItem>
        )}
        {links.map((link) =>
          'to' in link ? (
            <MenuItem
              key={link.label}
              component={Link}
              to={link.to}
              target={link.newTab ? '_blank' : undefined}
              rel={link.newTab ? 'noopener' : undefined}
              onClick={close}
            >
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText>{link.label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem
              key={link.label}
              onClick={() => {
                close();
                link.onClick();
              }}
            >
              <ListItemIcon>{link.icon}</ListItemIcon>
              <ListItemText>{link.label}</ListItemText>
            </MenuItem>
          ),
        )}
        {onDelete && (
          <MenuItem
            disabled={deleteRefusal !== undefined}
            onClick={() => {
              close();
              onDelete();
            }}
            sx={{ color: 'error.main', '&.Mui-disabled': { opacity: 1, color: 'text.disabled' } }}
          >
            <ListItemIcon sx={{ color: 'inherit' }}>
              <DeleteOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText
              secondary={deleteRefusal}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 240 } } }}
            >
              {t('admin.list.delete')}
            </ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
