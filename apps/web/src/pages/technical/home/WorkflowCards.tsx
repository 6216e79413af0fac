import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import EditIcon from '@mui/icons-material/Edit';
import InsightsIcon from '@mui/icons-material/Insights';
import ModelTrainingIcon from '@mui/icons-material/ModelTraining';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import StorageIcon from '@mui/icons-material/Storage';
import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The finetune dashboard's six cards (spec 2 §2.3), each to its step of the workflow. */
const CARDS = [
  { key: 'datasets', path: '/finetune/datasets', icon: <StorageIcon color="primary" /> },
  { key: 'upload', path: '/finetune/videos', icon: <CloudUploadIcon color="primary" /> },
  { key: 'frames', path: '/finetune/frame-extraction', icon: <PhotoLibraryIcon color="primary" /> },
  { key: 'annotation', path: '/finetune/annotation', icon: <EditIcon color="primary" /> },
  { key: 'training', path: '/finetune/training', icon: <ModelTrainingIcon color="primary" /> },
  { key: 'prediction', path: '/finetune/prediction', icon: <InsightsIcon color="primary" /> },
] as const;

export function WorkflowCards() {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2} data-testid="workflow-cards">
      {CARDS.map((card) => (
        <Grid key={card.key} size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={card.path} sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  {card.icon}
                  <Typography variant="subtitle1">
                    {t(`technical.home.cards.${card.key}.title`)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="textSecondary">
                  {t(`technical.home.cards.${card.key}.text`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
