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
  TextField,
  Typography,
} from '@mui/material';
import { SIGNATURE_MEANINGS, type ReportVersion } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { fetchReportVersions, reportKeys, signReport } from '../../api/reportsApi';
import { useToast } from '../../feedback/feedbackContext';
import {
  isAmended,
  recordRows,
  signatureMeaningText,
  type FormatDate,
} from './reportVersionsLogic';

/** Signing releases the report: the one meaning offered. */
const [SIGNATURE_MEANING] = SIGNATURE_MEANINGS;

/**
 * Signs the latest version: states the meaning of the signature and asks for the password again
 * (an electronic signature); a wrong password keeps the dialog open with the server's words.
 * Shown only when the server says the caller may sign.
 */
export function SignReportButton(props: { readonly datasetId: string; readonly version: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const sign = useMutation({
    mutationFn: () => signReport(props.datasetId, { password, meaning: SIGNATURE_MEANING }),
    onSuccess: (signed) => {
      close();
      toast(t('reports.versions.signedToast', { version: signed.version }), 'success');
    },
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.stored(props.datasetId) }),
  });
  function close() {
    setConfirming(false);
    setPassword('');
    sign.reset();
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== '' && !sign.isPending) sign.mutate();
  };
  return (
    <>
      <Button variant="contained" startIcon={<DrawIcon />} onClick={() => setConfirming(true)}>
        {t('reports.versions.sign')}
      </Button>
      <Dialog open={confirming} onClose={close}>
        <form onSubmit={submit}>
          <DialogTitle>{t('reports.versions.signTitle', { version: props.version })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ fontWeight: 600, mb: 1 }} data-testid="signature-meaning">
              {t('reports.versions.signMeaning', {
                meaning: t(`reports.versions.meanings.${SIGNATURE_MEANING}`),
              })}
            </DialogContentText>
            <DialogContentText>{t('reports.versions.signText')}</DialogContentText>
            <TextField
              type="password"
              label={t('reports.versions.password')}
              helperText={t('reports.versions.passwordHelp')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              autoFocus
              required
              fullWidth
              margin="normal"
            />
            {sign.isError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errorMessage(sign.error, t('reports.fetchFailed'))}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('reports.versions.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={sign.isPending || password === ''}>
              {t('reports.versions.signConfirm')}
            </Button>
          </DialogActions>
        </form>
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
                    : [
                        version.signedBy.name,
                        formatDate(version.signedAt),
                        signatureMeaningText(version, t),
                      ]
                        .filter((part) => part !== null)
                        .join(' · ')}
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
