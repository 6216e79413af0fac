import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import InfoIcon from '@mui/icons-material/Info';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOGS_PAGE_SIZE, logsCsvFileName, type SystemLog } from '@sarm/contracts';
import { exportSystemLogs, fetchSystemLogs, SYSTEM_LOGS_KEY } from '../../../api/systemLogsApi';
import { useFeedback } from '../../../feedback/feedbackContext';
import { ActionButton } from '../common/ActionButton';
import { AdminPage } from '../common/AdminPage';
import { useCan } from '../common/useCan';
import { LogDetailsDialog } from './LogDetailsDialog';
import { LogFiltersBar } from './LogFiltersBar';
import { EMPTY_LOG_FILTERS, severityColor, toApiFilters } from './logFilters';
import { useLogLabels } from './logLabels';

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** System Logs (/admin/logs): filters, 15 per page, details, CSV export of the filtered entries. */
export function LogsPage() {
  const { t, i18n } = useTranslation();
  const labels = useLogLabels();
  const allowed = useCan(['view_system_logs']);
  const { addAlert } = useFeedback();
  const [form, setForm] = useState(EMPTY_LOG_FILTERS);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<SystemLog | null>(null);
  const filters = toApiFilters(form);
  const logs = useQuery({
    queryKey: [...SYSTEM_LOGS_KEY, filters, page],
    queryFn: () => fetchSystemLogs(filters, page + 1, LOGS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });

  const exportCsv = async () => {
    try {
      download(await exportSystemLogs(filters), logsCsvFileName(new Date()));
    } catch {
      addAlert({ type: 'error', message: t('admin.logs.exportFailed') });
    }
  };

  const rows = logs.data?.logs ?? [];
  return (
    <AdminPage
      title={t('admin.logs.title')}
      allowed={allowed}
      deniedText={t('admin.logs.noPermission')}
      actions={
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()}>
          {t('admin.logs.export')}
        </Button>
      }
    >
      <Paper sx={{ p: 2 }}>
        <LogFiltersBar
          value={form}
          onChange={(next) => {
            setForm(next);
            setPage(0);
          }}
        />
        {logs.isError && <Alert severity="error">{t('admin.logs.loadFailed')}</Alert>}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.logs.timestamp')}</TableCell>
              <TableCell>{t('admin.logs.type')}</TableCell>
              <TableCell>{t('admin.logs.severity')}</TableCell>
              <TableCell>{t('admin.logs.message')}</TableCell>
              <TableCell>{t('admin.logs.user')}</TableCell>
              <TableCell>{t('admin.logs.ip')}</TableCell>
              <TableCell align="right">{t('admin.logs.details')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {logs.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={7} align="center">
                  {t('admin.logs.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((log) => (
              <TableRow key={log.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {new Date(log.timestamp).toLocaleString(i18n.language)}
                </TableCell>
                <TableCell>{labels.type(log.type)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={severityColor(log.severity)}
                    label={labels.severity(log.severity)}
                  />
                </TableCell>
                <TableCell>{log.message}</TableCell>
                <TableCell>{log.userName ?? log.userEmail ?? t('admin.logs.system')}</TableCell>
                <TableCell>{log.ipAddress ?? '—'}</TableCell>
                <TableCell align="right">
                  <ActionButton label={t('admin.logs.details')} onClick={() => setSelected(log)}>
                    <InfoIcon fontSize="small" />
                  </ActionButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={logs.data?.total ?? 0}
          page={page}
          rowsPerPage={LOGS_PAGE_SIZE}
          rowsPerPageOptions={[LOGS_PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
        />
      </Paper>
      {selected !== null && <LogDetailsDialog log={selected} onClose={() => setSelected(null)} />}
    </AdminPage>
  );
}
