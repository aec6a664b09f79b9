import type { Synonym } from '@dalil/contracts/synonyms';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../../lib/i18n';
import { ListKit, type ListColumn } from '../../../components/list-kit';
import { useListParams } from '../../../components/list-kit-params';
import { ChoiceName } from '../form-kit/choice-name';
import { resourceApis } from '../resource-kit/resource-api';
import { resourceListProps } from '../resource-kit/resource-list';
import { useFamilyFilters } from '../admin-kit/use-family-filters';
import { SynonymCsv } from './synonym-csv';

const api = resourceApis.synonyms;
const FILTER_KEYS = ['family'] as const;

/** Synonym List: the words of each group and its family, a family filter, and the family's CSV. */
export function SynonymListPage() {
  const { t, i18n } = useTranslation();
  const { filters } = useListParams(FILTER_KEYS);
  const columns: ListColumn<Synonym>[] = [
    {
      id: 'words',
      label: t('admin.synonyms.words'),
      dir: 'auto',
      render: (row) => row.words.join(' · '),
    },
    {
      id: 'family',
      label: t('admin.synonyms.family'),
      render: (row) => <ChoiceName resource="families" id={row.family} />,
    },
  ];
  return (
    <Stack spacing={2}>
      <ListKit<Synonym>
        {...resourceListProps('synonyms', i18n.language)}
        {...useFamilyFilters()}
        columns={columns}
        rowLabel={(row) => row.words.join(' · ')}
        deletion={{
          remove: api.remove,
          confirm: { text: t('admin.remove.synonym'), button: t('admin.remove.deleteSynonym') },
        }}
      />
      <SynonymCsv family={filters.family || undefined} />
    </Stack>
  );
}
