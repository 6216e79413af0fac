import {
  Alert,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { PredictionComparison } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { DetectorSwatch } from './ComparisonLegend';
import { agreementFigures, comparisonRows, framesWithDifferentCounts } from './comparisonLogic';

const k = 'technical.prediction.comparison';

/**
 * The trained model beside the classical detector on the same frames: heads per frame, their
 * agreement (not accuracy: neither is the truth) and, with hand-annotated frames, each one's
 * precision, recall and F1 against the annotations.
 */
export function PredictionComparisonView({
  comparison,
}: {
  readonly comparison: PredictionComparison;
}) {
  const { t } = useTranslation();
  const agreement = agreementFigures(comparison);
  const annotated = comparison.annotated;
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1">{t(`${k}.title`)}</Typography>
      <Typography variant="body2" color="textSecondary">
        {t(`${k}.intro`, { frames: comparison.frames })}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t(`${k}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t(`${k}.columns.figure`)}</TableCell>
              <TableCell align="right">
                <DetectorSwatch detector="model" />
                {t(`${k}.legend.model`)}
              </TableCell>
              <TableCell align="right">
                <DetectorSwatch detector="classical" />
                {t(`${k}.legend.classical`)}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {comparisonRows(comparison).map((row) => (
              <TableRow key={row.key}>
                <TableCell>{t(`${k}.rows.${row.key}`)}</TableCell>
                <TableCell align="right">{row.model ?? '—'}</TableCell>
                <TableCell align="right">{row.classical ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2">
        {t(`${k}.agreement`, { ...agreement, f1: agreement.f1 ?? '—' })}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t(`${k}.differentCounts`, {
          n: framesWithDifferentCounts(comparison),
          frames: comparison.frames,
        })}
      </Typography>
      {annotated === null ? (
        <Alert severity="info">{t(`${k}.noAnnotations`)}</Alert>
      ) : (
        <Typography variant="body2" color="textSecondary">
          {t(`${k}.annotated`, {
            frames: annotated.frame_numbers.length,
            heads: annotated.annotated_heads,
            radius: comparison.match_radius_px,
          })}
        </Typography>
      )}
    </Stack>
  );
}
