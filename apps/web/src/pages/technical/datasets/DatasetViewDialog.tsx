import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { Dataset } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { capped } from '../../clinical/ClinicalBreadcrumbs';
import { metadataEntries } from '../../clinical/businessScreensLogic';

const k = 'technical.datasets';
const STATS = [
  'totalVideos',
  'totalFrames',
  'annotatedFrames',
  'totalDetections',
  'totalCrops',
  'annotatedMorphology',
] as const;

/** A dataset's details (spec 2 §2.3 view dialog): fields, the six statistics and its metadata. */
export function DatasetViewDialog({
  dataset,
  onEdit,
  onClose,
}: {
  readonly dataset: Dataset;
  /** Absent when the caller may not edit datasets. */
  readonly onEdit?: () => void;
  readonly onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const metadata = metadataEntries(dataset.metadata);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{dataset.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {dataset.description === '' ? t(`${k}.noDescription`) : dataset.description}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Chip size="small" label={t(`${k}.types.${dataset.type}`)} />
            <Chip size="small" variant="outlined" label={dataset.status} />
            <Chip size="small" variant="outlined" label={dataset.project_name} />
          </Stack>
          <Typography variant="caption" color="textSecondary">
            {t(`${k}.createdOn`, {
              date: new Date(dataset.createdAt).toLocaleString(i18n.language),
            })}
          </Typography>
          <Grid container spacing={1}>
            {STATS.map((stat) => (
              <Grid key={stat} size={{ xs: 6, sm: 4 }}>
                <Box sx={{ textAlign: 'center', p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
                  <Typography variant="h6">{capped(dataset.stats[stat])}</Typography>
                  <Typography variant="caption" color="textSecondary">
                    {t(`${k}.stats.${stat}`)}
                  </Typography>
                </Box>
              </Grid>
            ))}
          </Grid>
          <Typography variant="subtitle2">{t(`${k}.metadata`)}</Typography>
          {metadata.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t(`${k}.noMetadata`)}
            </Typography>
          ) : (
            <Table size="small">
              <TableBody>
                {metadata.map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell component="th" sx={{ width: 180 }}>
                      {key}
                    </TableCell>
                    <TableCell>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.close`)}</Button>
        <Button component={RouterLink} to={`/finetune/datasets/${dataset.id}/videos`}>
          {t(`${k}.openVideos`)}
        </Button>
        {onEdit !== undefined && (
          <Button variant="contained" onClick={onEdit}>
            {t(`${k}.edit`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
