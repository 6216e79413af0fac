import DrawIcon from '@mui/icons-material/Draw';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReportVersion } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { fetchReportVersions, reportKeys, signReport } from '../../api/reportsApi';
import { useToast } from '../../feedback/feedbackContext';
import { isAmended, recordRows, type FormatDate } from './reportVersionsLogic';

/** Signs the latest version after a confirmation; shown only when the server says the caller may. */
export function SignReportButton(props: { readonly datasetId: string; readonly version: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const sign = useMutation({
    mutationFn: () => signReport(props.datasetId),
    onSuccess: (signed) => {
      setConfirming(false);
      toast(t('reports.versions.signedToast', { version: signed.version }), 'success');
    },
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.stored(props.datasetId) }),
  });
  return (
    <>
      <Button variant="contained" startIcon={<DrawIcon />} onClick={() => setConfirming(true)}>
        {t('reports.versions.sign')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('reports.versions.signTitle', { version: props.version })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('reports.versions.signText')}</DialogContentText>
          {sign.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(sign.error, t('reports.fetchFailed'))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('reports.versions.cancel')}</Button>
          <Button variant="contained" disabled={sign.isPending} onClick={() => sign.mutate()}>
            {t('reports.versions.signConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The versions of a stored report: number, date, author, signer, amendment; picks the one shown. */
export function ReportVersionsPanel(props: {
  readonly datasetId: string;
  readonly shown: ReportVersion;
  readonly formatDate: FormatDate;
  readonly onShow: (version: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const { datasetId, shown, formatDate } = props;
  const versions = useQuery({
    queryKey: reportKeys.versions(datasetId),
    queryFn: () => fetchReportVersions(datasetId),
  });
  if (versions.isError) return <Alert severity="error">{t('reports.versions.loadFailed')}</Alert>;
  const list = versions.data?.versions ?? [];
  const latest = list[0];
  return (
    <Card variant="outlined" className="no-print">
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
        >
          <Typography variant="h6">{t('reports.versions.title')}</Typography>
          {versions.data?.canSign === true && latest !== undefined && (
            <SignReportButton datasetId={datasetId} version={latest.version} />
          )}
        </Stack>
        {latest !== undefined && shown.version !== latest.version && (
          <Alert
            severity="info"
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => props.onShow(undefined)}>
                {t('reports.versions.showLatest')}
              </Button>
            }
          >
            {t('reports.versions.olderVersion', {
              version: shown.version,
              latest: latest.version,
            })}
          </Alert>
        )}
        <Table size="small" aria-label={t('reports.versions.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.versions.version')}</TableCell>
              <TableCell>{t('reports.versions.created')}</TableCell>
              <TableCell>{t('reports.versions.by')}</TableCell>
              <TableCell>{t('reports.versions.signedBy')}</TableCell>
              <TableCell>{t('reports.versions.amends')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((version) => (
              <TableRow key={version.version} selected={version.version === shown.version}>
                <TableCell>
                  {version.version}
                  {version === latest && (
                    <Chip size="small" sx={{ ml: 1 }} label={t('reports.versions.latest')} />
                  )}
                </TableCell>
                <TableCell>{formatDate(version.createdAt)}</TableCell>
                <TableCell>
                  {version.createdBy?.name ?? t('reports.versions.unknownAuthor')}
                </TableCell>
                <TableCell>
                  {version.signedBy === null || version.signedAt === null
                    ? t('reports.versions.notSigned')
                    : `${version.signedBy.name} · ${formatDate(version.signedAt)}`}
                </TableCell>
                <TableCell>
                  {isAmended(version) && (
                    <Chip
                      size="small"
                      color="warning"
                      label={`${t('reports.versions.amendedChip')} · ${String(version.amends)}`}
                      title={version.reason ?? undefined}
                    />
                  )}
                </TableCell>
                <TableCell align="right">
                  {version.version === shown.version ? (
                    <Typography variant="caption">{t('reports.versions.shown')}</Typography>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => props.onShow(version === latest ? undefined : version.version)}
                    >
                      {t('reports.versions.show')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** The record of the version shown (printed): amendment mark and reason, author, signer and date. */
export function ReportRecordCard(props: {
  readonly version: ReportVersion;
  readonly formatDate: FormatDate;
}) {
  const { t } = useTranslation();
  const { version } = props;
  return (
    <Card variant="outlined" data-testid="report-record">
      <CardContent>
        {isAmended(version) ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('reports.versions.amendedNotice', {
              version: version.version,
              amends: version.amends,
            })}
          </Alert>
        ) : (
          <Typography variant="h6" gutterBottom>
            {t('reports.versions.recordTitle')}
          </Typography>
        )}
        <Table size="small">
          <TableBody>
            {recordRows(version, t, props.formatDate).map(([label, value]) => (
              <TableRow key={label}>
                <TableCell sx={{ fontWeight: 600 }}>{label}</TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
