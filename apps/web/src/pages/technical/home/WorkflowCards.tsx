import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import EditIcon from '@mui/icons-material/Edit';
import InsightsIcon from '@mui/icons-material/Insights';
import ModelTrainingIcon from '@mui/icons-material/ModelTraining';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import StorageIcon from '@mui/icons-material/Storage';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../../auth/authContext';
import { meetsRequirement } from '../../../routing/guardDecision';
import { DETECTION_READERS } from './homeLogic';

/** The finetune dashboard's six cards (spec 2 §2.3), each to its step of the workflow. */
const CARDS = [
  { key: 'datasets', path: '/finetune/datasets', icon: <StorageIcon color="primary" /> },
  { key: 'upload', path: '/finetune/videos', icon: <CloudUploadIcon color="primary" /> },
  { key: 'frames', path: '/finetune/frame-extraction', icon: <PhotoLibraryIcon color="primary" /> },
  { key: 'annotation', path: '/finetune/annotation', icon: <EditIcon color="primary" /> },
  { key: 'training', path: '/finetune/training', icon: <ModelTrainingIcon color="primary" /> },
  { key: 'prediction', path: '/finetune/prediction', icon: <InsightsIcon color="primary" /> },
] as const;

/** The detection and analysis steps (spec 2's steps 3 to 6) with who may open them. */
const STEPS = [
  { key: 'detection', step: 3, path: '/finetune/detection', anyOf: ['annotate_detection'] },
  { key: 'results', step: 4, path: '/finetune/detection-results', anyOf: DETECTION_READERS },
  {
    key: 'concentration',
    step: 5,
    path: '/finetune/concentration',
    anyOf: ['view_analysis_results'],
  },
  { key: 'motility', step: 6, path: '/finetune/motility', anyOf: ['view_analysis_results'] },
] as const;

/** Links to the detection and analysis steps, shown by permission. */
function StepLinks() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const steps = STEPS.filter(
    (step) => user !== null && meetsRequirement(user, { kind: 'permission', anyOf: step.anyOf }),
  );
  if (steps.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="workflow-steps">
      <Typography variant="overline" color="textSecondary">
        {t('technical.home.steps.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {steps.map((step) => (
          <Button key={step.key} variant="outlined" component={RouterLink} to={step.path}>
            {step.step}. {t(`technical.home.steps.${step.key}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

export function WorkflowCards() {
  const { t } = useTranslation();
  return (
    <>
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
      <StepLinks />
    </>
  );
}
