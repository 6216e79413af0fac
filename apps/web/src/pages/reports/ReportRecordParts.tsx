import DataObjectIcon from '@mui/icons-material/DataObject';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReportLetterhead } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { fetchFhirBundle } from '../../api/reportsApi';
import { useToast } from '../../feedback/feedbackContext';
import { fhirFileName, letterheadLines } from './reportRecordPdf';

/** The laboratory header of the printed report; hidden on screen. */
export function PrintLetterhead({ letterhead }: { readonly letterhead: ReportLetterhead }) {
  const { t } = useTranslation();
  if (letterhead.name === '' && letterhead.logo === '') return null;
  return (
    <Box
      className="print-only"
      sx={{ mb: 2, pb: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="print-letterhead"
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Typography variant="h6">{letterhead.name}</Typography>
          {letterheadLines(letterhead, t).map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
        {letterhead.logo !== '' && (
          <Box
            component="img"
            src={letterhead.logo}
            alt={t('admin.sys.logoAlt')}
            sx={{ maxHeight: 64, maxWidth: 160, objectFit: 'contain' }}
          />
        )}
      </Stack>
    </Box>
  );
}

/** Saves a signed version as an HL7 FHIR R4 Bundle (JSON) for a laboratory information system. */
export function DownloadFhirButton(props: {
  readonly datasetId: string;
  readonly datasetName: string;
  readonly version: number;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const bundle = await fetchFhirBundle(props.datasetId, props.version);
      const blob = new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/fhir+json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fhirFileName(props.datasetName, props.version);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast(errorMessage(error, t('reports.record.fhirFailed')), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<DataObjectIcon />}
      disabled={busy}
      onClick={() => void download()}
    >
      {t('reports.record.fhirDownload')}
    </Button>
  );
}
