import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  Grid,
  LinearProgress,
  Pagination,
  Typography,
} from '@mui/material';
import type { Crop } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '../../clinical/AuthImage';

const k = 'technical.maskExtraction.crops';

/**
 * The video's detection crops, 20 a page, each marked whether the chosen data label already
 * holds it; a click chooses the crop.
 */
export function CropGrid({
  crops,
  total,
  loading,
  failed,
  page,
  pages,
  selectedId,
  inLabel,
  onPage,
  onChoose,
}: {
  readonly crops: readonly Crop[];
  readonly total: number;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly page: number;
  readonly pages: number;
  readonly selectedId: string | null;
  readonly inLabel: ReadonlySet<string>;
  readonly onPage: (page: number) => void;
  readonly onChoose: (crop: Crop) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t(`${k}.heading`)}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t(`${k}.count`, { count: total })}
        </Typography>
      </Box>
      {loading && <LinearProgress />}
      {failed && <Alert severity="error">{t(`${k}.loadFailed`)}</Alert>}
      {!loading && !failed && crops.length === 0 && (
        <Alert severity="info">{t(`${k}.empty`)}</Alert>
      )}
      <Grid container spacing={1} data-testid="crop-grid">
        {crops.map((crop, position) => {
          const held = inLabel.has(crop.id);
          return (
            <Grid key={crop.id} size={{ xs: 3 }}>
              <Card
                variant="outlined"
                sx={{
                  borderColor: crop.id === selectedId ? 'primary.main' : undefined,
                  borderWidth: crop.id === selectedId ? 2 : 1,
                }}
              >
                <CardActionArea
                  aria-label={t(`${k}.label`, {
                    number: (page - 1) * 20 + position + 1,
                    frame: crop.frame_number,
                    state: held ? t(`${k}.inLabel`) : t(`${k}.notInLabel`),
                  })}
                  aria-pressed={crop.id === selectedId}
                  onClick={() => onChoose(crop)}
                  sx={{ position: 'relative' }}
                >
                  <AuthImage
                    path={crop.crop_url.replace(/^\/api/, '')}
                    alt={t(`${k}.alt`)}
                    height={72}
                  />
                  <Box
                    data-testid={held ? 'in-label-mark' : 'not-in-label-mark'}
                    sx={{
                      position: 'absolute',
                      top: 4,
                      right: 4,
                      display: 'flex',
                      bgcolor: 'background.paper',
                      borderRadius: '50%',
                    }}
                  >
                    {held ? (
                      <CheckCircleIcon fontSize="small" color="success" />
                    ) : (
                      <RadioButtonUncheckedIcon fontSize="small" color="disabled" />
                    )}
                  </Box>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 1 }}
          size="small"
          page={page}
          count={pages}
          onChange={(_, value) => onPage(value)}
        />
      )}
    </Box>
  );
}
