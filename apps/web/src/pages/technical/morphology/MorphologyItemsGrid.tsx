import {
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MorphologyItem } from '../../../api/technical/morphologyApi';
import { AuthImage } from '../../clinical/AuthImage';
import { classText } from './classText';
import { displayedClass } from './labelingLogic';

const k = 'technical.morphology.items';

/**
 * A morphology label's items: crop, mask, class, the annotator's confidence and notes, quality,
 * head morphometry (µm) and review status, with edit, quality and delete actions.
 */
export function MorphologyItemsGrid({
  items,
  onEdit,
  onQuality,
  onDelete,
}: {
  readonly items: readonly MorphologyItem[];
  readonly onEdit: (item: MorphologyItem) => void;
  readonly onQuality: (item: MorphologyItem, quality: 'good' | 'bad') => void;
  readonly onDelete: (item: MorphologyItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t(`${k}.table`)}>
        <TableHead>
          <TableRow>
            <TableCell>{t(`${k}.crop`)}</TableCell>
            <TableCell>{t(`${k}.mask`)}</TableCell>
            <TableCell>{t(`${k}.class`)}</TableCell>
            <TableCell>{t(`${k}.confidence`)}</TableCell>
            <TableCell>{t(`${k}.notes`)}</TableCell>
            <TableCell>{t(`${k}.quality`)}</TableCell>
            <TableCell>{t(`${k}.morphometry`)}</TableCell>
            <TableCell>{t(`${k}.review`)}</TableCell>
            <TableCell align="right">{t(`${k}.actions`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover>
              <TableCell sx={{ width: 72 }}>
                <AuthImage
                  path={`/sarm/media/view-crop/${encodeURIComponent(item.crop_id)}`}
                  alt={t(`${k}.crop`)}
                  height={56}
                />
              </TableCell>
              <TableCell sx={{ width: 72 }}>
                {item.mask_url === null ? (
                  '–'
                ) : (
                  <AuthImage
                    path={item.mask_url.replace(/^\/api/, '')}
                    alt={t(`${k}.mask`)}
                    height={56}
                  />
                )}
              </TableCell>
              <TableCell>
                <Chip size="small" label={classText(t, displayedClass(item))} />
              </TableCell>
              <TableCell>
                {item.annotator_confidence === null
                  ? '–'
                  : t(`${k}.confidenceValue`, { value: item.annotator_confidence })}
              </TableCell>
              <TableCell sx={{ maxWidth: 220 }}>
                <Typography variant="body2" noWrap title={item.notes}>
                  {item.notes === '' ? '–' : item.notes}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={
                    item.quality === 'good'
                      ? 'success'
                      : item.quality === 'bad'
                        ? 'error'
                        : 'default'
                  }
                  label={
                    item.quality === 'good'
                      ? t(`${k}.good`)
                      : item.quality === 'bad'
                        ? t(`${k}.bad`)
                        : t(`${k}.unrated`)
                  }
                />
              </TableCell>
              <TableCell>
                {item.morphometry === null
                  ? '–'
                  : t(`${k}.morphometryValue`, {
                      length: item.morphometry.length_um.toFixed(1),
                      width: item.morphometry.width_um.toFixed(1),
                      area: item.morphometry.area_um2.toFixed(1),
                    })}
              </TableCell>
              <TableCell>{t(`technical.labels.review.status.${item.review_status}`)}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" onClick={() => onEdit(item)}>
                    {t(`${k}.edit`)}
                  </Button>
                  <Button
                    size="small"
                    color="success"
                    disabled={item.quality === 'good'}
                    onClick={() => onQuality(item, 'good')}
                  >
                    {t(`${k}.markGood`)}
                  </Button>
                  <Button
                    size="small"
                    color="warning"
                    disabled={item.quality === 'bad'}
                    onClick={() => onQuality(item, 'bad')}
                  >
                    {t(`${k}.markBad`)}
                  </Button>
                  <Button size="small" color="error" onClick={() => onDelete(item)}>
                    {t(`${k}.delete`)}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
