import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { DataLabel, MorphologyExportFormat } from '@sarm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { exportMorphologyLabel } from '../../../api/technical/maskExtractionApi';
import { attachmentName, byteSize } from './maskExtractionLogic';

const k = 'technical.maskExtraction.export';

interface ReadyZip {
  readonly url: string;
  readonly name: string;
  readonly bytes: number;
}

/**
 * Step 2: the chosen label's masks exported as a zip (COCO by default, or PNG masks with a CSV;
 * original images in and bad-quality masks out by default, spec 2 §9). A spinner shows while
 * the server produces it, then a download link.
 */
export function ExportStep({
  datasetId,
  label,
}: {
  readonly datasetId: string;
  readonly label: DataLabel | null;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<MorphologyExportFormat>('coco');
  const [includeImages, setIncludeImages] = useState(true);
  const [excludeBad, setExcludeBad] = useState(true);
  const [ready, setReady] = useState<ReadyZip | null>(null);

  useEffect(
    () => () => {
      if (ready !== null) URL.revokeObjectURL(ready.url);
    },
    [ready],
  );

  const produce = useMutation({
    mutationFn: (target: DataLabel) =>
      exportMorphologyLabel(
        { datasetId, labelId: target.id },
        { format, includeOriginalImages: includeImages, excludeBadQuality: excludeBad },
      ),
    onMutate: () => setReady(null),
    onSuccess: (zip, target) =>
      setReady({
        url: URL.createObjectURL(zip.blob),
        name: attachmentName(zip.disposition, `${target.name}_${format}.zip`),
        bytes: zip.blob.size,
      }),
  });

  if (label === null) return <Alert severity="info">{t(`${k}.noLabel`)}</Alert>;
  const size = ready === null ? null : byteSize(ready.bytes);
  const settingsChanged = () => setReady(null);

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
      <Stack spacing={2}>
        <Typography variant="body1">{t(`${k}.intro`)}</Typography>
        <Typography variant="subtitle1" component="p">
          {t(`${k}.label`, { name: label.name, count: label.item_count })}
        </Typography>
        <Box>
          <FormLabel id="mask-export-format">{t(`${k}.format`)}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="mask-export-format"
            value={format}
            onChange={(event) => {
              setFormat(event.target.value === 'masks' ? 'masks' : 'coco');
              settingsChanged();
            }}
          >
            <FormControlLabel value="coco" control={<Radio />} label={t(`${k}.coco`)} />
            <FormControlLabel value="masks" control={<Radio />} label={t(`${k}.masks`)} />
          </RadioGroup>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={includeImages}
              onChange={(event) => {
                setIncludeImages(event.target.checked);
                settingsChanged();
              }}
            />
          }
          label={t(`${k}.includeImages`)}
        />
        <FormControlLabel
          control={
            <Switch
              checked={excludeBad}
              onChange={(event) => {
                setExcludeBad(event.target.checked);
                settingsChanged();
              }}
            />
          }
          label={t(`${k}.excludeBad`)}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button
            variant="contained"
            disabled={produce.isPending}
            onClick={() => produce.mutate(label)}
          >
            {t(`${k}.run`)}
          </Button>
          {produce.isPending && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={24} />
              <Typography variant="body2">{t(`${k}.producing`)}</Typography>
            </Stack>
          )}
        </Stack>
        {produce.isError && (
          <Alert severity="error">
            {t(`${k}.failed`, { reason: errorMessage(produce.error, '') })}
          </Alert>
        )}
        {ready !== null && size !== null && (
          <Alert
            severity="success"
            action={
              <Button component="a" href={ready.url} download={ready.name} color="inherit">
                {t(`${k}.download`)}
              </Button>
            }
          >
            {t(`${k}.ready`, { name: ready.name, size: size.value, unit: size.unit })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
