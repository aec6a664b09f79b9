import type { Activity } from '@dalil/contracts/activity';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useTranslation } from '../../../lib/i18n';

/** The server names a key's changes "key: <its name>"; the screen says "Key" in the UI's language. */
const KEY_USERNAME = /^key: /;

/**
 * Who made a history entry: a person's username, or an API key with a key icon and "Key: ERP sync"
 * ("مفتاح: ERP sync" in Arabic), the key's name in a bidi isolate.
 */
export function ActorName({ actor }: { actor: Activity['actor'] }) {
  const { t } = useTranslation();
  if (actor.apiKey === null || actor.apiKey === undefined) return <bdi>{actor.username}</bdi>;
  const name = actor.username.replace(KEY_USERNAME, '');
  return (
    <span>
      <KeyOutlined fontSize="inherit" aria-hidden sx={{ verticalAlign: '-0.125em', marginInlineEnd: 0.5 }} />
      {t('apiKeys.byKey', { name: `\u2068${name}\u2069` })}
    </span>
  );
}
