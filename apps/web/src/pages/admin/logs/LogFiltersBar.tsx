import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LOG_SEVERITIES, LOG_TYPES } from '@sarm/contracts';
import { SearchField } from '../common/SearchField';
import { EMPTY_LOG_FILTERS, type LogFilterForm } from './logFilters';
import { useLogLabels } from './logLabels';

export function LogFiltersBar(props: {
  readonly value: LogFilterForm;
  readonly onChange: (next: LogFilterForm) => void;
}) {
  const { t } = useTranslation();
  const labels = useLogLabels();
  const { value, onChange } = props;
  return (
    <Stack
      direction={{ xs: 'column', lg: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { lg: 'center' } }}
    >
      <SearchField
        value={value.search}
        placeholder={t('admin.logs.search')}
        onChange={(search) => onChange({ ...value, search })}
      />
      <TextField
        select
        size="small"
        label={t('admin.logs.type')}
        value={value.type}
        sx={{ minWidth: 160 }}
        onChange={(e) =>
          onChange({ ...value, type: LOG_TYPES.find((x) => x === e.target.value) ?? '' })
        }
      >
        <MenuItem value="">{t('admin.logs.allTypes')}</MenuItem>
        {LOG_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {labels.type(type)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('admin.logs.severity')}
        value={value.severity}
        sx={{ minWidth: 160 }}
        onChange={(e) =>
          onChange({ ...value, severity: LOG_SEVERITIES.find((x) => x === e.target.value) ?? '' })
        }
      >
        <MenuItem value="">{t('admin.logs.allSeverities')}</MenuItem>
        {LOG_SEVERITIES.map((s) => (
          <MenuItem key={s} value={s}>
            {labels.severity(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="date"
        size="small"
        label={t('admin.logs.from')}
        value={value.fromDate}
        slotProps={{ inputLabel: { shrink: true } }}
        onChange={(e) => onChange({ ...value, fromDate: e.target.value })}
      />
      <TextField
        type="date"
        size="small"
        label={t('admin.logs.to')}
        value={value.toDate}
        slotProps={{ inputLabel: { shrink: true } }}
        onChange={(e) => onChange({ ...value, toDate: e.target.value })}
      />
      <Button
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        onClick={() => onChange(EMPTY_LOG_FILTERS)}
      >
        {t('admin.logs.clear')}
      </Button>
    </Stack>
  );
}
