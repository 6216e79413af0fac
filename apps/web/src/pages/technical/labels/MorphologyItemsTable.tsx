import {
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { toMorphologyClass, type DataLabel, type DataLabelItem } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AuthImage } from '../../clinical/AuthImage';

const k = 'technical.labels.browser';

/** The items of a morphology label as a table: crop, mask, class, quality, who, review. */
export function MorphologyItemsTable({
  label,
  items,
  onDelete,
}: {
  readonly label: DataLabel;
  readonly items: readonly DataLabelItem[];
  /** Absent when the caller may not change the label. */
  readonly onDelete?: (item: DataLabelItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t(`${k}.morphologyItems`)}>
        <TableHead>
          <TableRow>
            <TableCell>{t(`${k}.crop`)}</TableCell>
            <TableCell>{t(`${k}.mask`)}</TableCell>
            <TableCell>{t(`${k}.class`)}</TableCell>
            <TableCell>{t(`${k}.quality`)}</TableCell>
            <TableCell>{t(`${k}.annotatedBy`)}</TableCell>
            <TableCell>{t(`${k}.reviewStatus`)}</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell sx={{ width: 80 }}>
                <AuthImage
                  path={`/sarm/media/view-crop/${item.crop_id}`}
                  alt={t(`${k}.crop`)}
                  height={56}
                />
              </TableCell>
              <TableCell sx={{ width: 80 }}>
                <Box>
                  <AuthImage
                    path={item.mask_url === null ? null : item.mask_url.replace(/^\/api/, '')}
                    alt={t(`${k}.mask`)}
                    height={56}
                  />
                </Box>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t(
                    `technical.segmentation.classes.${toMorphologyClass(item.morphology_class ?? '') ?? 'unknown'}`,
                  )}
                />
              </TableCell>
              <TableCell>{item.quality ?? '–'}</TableCell>
              <TableCell>{item.annotated_by_name ?? '–'}</TableCell>
              <TableCell>{t(`technical.labels.review.status.${item.review_status}`)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="small"
                  component={RouterLink}
                  to={`/finetune/crops?frameId=${item.frame_id}&videoId=${item.video_id}&datasetId=${label.dataset_id}`}
                >
                  {t(`${k}.segmentAgain`)}
                </Button>
                {onDelete !== undefined && (
                  <Button size="small" color="error" onClick={() => onDelete(item)}>
                    {t(`${k}.deleteItem`)}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
