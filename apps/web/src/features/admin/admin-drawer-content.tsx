import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import type { Account } from '@dalil/contracts/auth';
import { groupOfPath, navFor, navText, type NavGroup } from './admin-nav';

interface AdminDrawerContentProps {
  onNavigate: () => void;
  account: Account | undefined;
}

/** Logo, "Dashboard", then the menu groups; the group of the current path starts expanded. */
export function AdminDrawerContent({ onNavigate, account }: AdminDrawerContentProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const currentGroup = groupOfPath(pathname);
  // Only explicit clicks are remembered; otherwise a group is open exactly when it holds the page.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const isOpen = (group: NavGroup) => toggled[group.id] ?? group.id === currentGroup;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2.5 }}>
        <Brand subtitle={t('admin.dashboard')} size={36} />
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('admin.navigation')} sx={{ overflowY: 'auto' }}>
        <List sx={{ px: 1.5, py: 1.5 }}>
          {navFor(account).map((group) => {
            const open = isOpen(group);
            const GroupIcon = group.icon;
            const submenuId = `admin-nav-${group.id}`;
            return (
              <ListItem key={group.id} disablePadding sx={{ display: 'block', mb: 0.5 }}>
                <ListItemButton
                  onClick={() => setToggled((state) => ({ ...state, [group.id]: !open }))}
                  aria-expanded={open}
                  aria-controls={submenuId}
                  sx={{
                    borderRadius: 2,
                    color: group.id === currentGroup ? 'text.primary' : 'text.secondary',
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 38, color: 'inherit' }}>
                    <GroupIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={navText(group.label, t, i18n.language)}
                    slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                  />
                  {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                </ListItemButton>
                <Collapse in={open} timeout="auto" unmountOnExit id={submenuId}>
                  <List disablePadding sx={{ py: 0.25 }}>
                    {group.items.map((item) => {
                      const selected = pathname === item.to;
                      const ItemIcon = item.icon;
                      return (
                        <ListItem key={item.to} disablePadding>
                          <ListItemButton
                            component={Link}
                            to={item.to}
                            selected={selected}
                            aria-current={selected ? 'page' : undefined}
                            onClick={onNavigate}
                            sx={(theme) => {
                              const accent =
                                theme.palette.mode === 'light'
                                  ? theme.palette.primary.dark
                                  : theme.palette.primary.main;
                              return {
                                borderRadius: 2,
                                py: 0.75,
                                pl: 4.5,
                                my: 0.25,
                                color: 'text.secondary',
                                '&.Mui-selected, &.Mui-selected:hover': {
                                  color: accent,
                                  bgcolor: alpha(theme.palette.primary.main, 0.14),
                                },
                              };
                            }}
                          >
                            <ListItemIcon sx={{ minWidth: 34, color: 'inherit' }}>
                              <ItemIcon sx={{ fontSize: 18 }} />
                            </ListItemIcon>
                            <ListItemText
                              primary={navText(item.label, t, i18n.language)}
                              slotProps={{
                                primary: { variant: 'body2', sx: { fontWeight: selected ? 700 : 400 } },
                              }}
                            />
                          </ListItemButton>
                        </ListItem>
                      );
                    })}
                  </List>
                </Collapse>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
