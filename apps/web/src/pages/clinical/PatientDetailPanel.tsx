import {
  Alert,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { businessKeys, fetchPatient } from '../../api/businessApi';
import { figure, shortAnalysisId } from './businessLogic';
import { isNotFound, orDash } from './patientsLogic';

/** The selected patient with their videos and analyses. */
export function PatientDetailPanel({
  id,
  onClose,
}: {
  readonly id: string;
  readonly onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: businessKeys.patient(id),
    queryFn: () => fetchPatient(id),
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  return (
    <Card data-testid="patient-detail">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" component="h2">
            {query.data?.name ?? t('patients.title')}
          </Typography>
          <IconButton aria-label={t('patients.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        {query.isPending && <CircularProgress size={24} />}
        {query.isError && (
          <Alert severity={isNotFound(query.error) ? 'warning' : 'error'}>
            {isNotFound(query.error) ? t('patients.notFound') : query.error.message}
          </Alert>
        )}
        {query.isSuccess && (
          <>
            <Typography variant="body2" color="textSecondary">
              {t('patients.age')}: {orDash(query.data.age)} · {t('patients.contactNumber')}:{' '}
              {orDash(query.data.contactNumber)} · {t('patients.created')}:{' '}
              {when(query.data.createdAt)}
            </Typography>
            {query.data.notes !== '' && (
              <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                {query.data.notes}
              </Typography>
            )}
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {t('patients.videos')}
            </Typography>
            {query.data.videos.length === 0 ? (
              <Typography color="textSecondary">{t('patients.noVideos')}</Typography>
            ) : (
              <List dense disablePadding>
                {query.data.videos.map((video) => (
                  <ListItem key={video.id} divider>
                    <ListItemText primary={video.name} secondary={when(video.created_at)} />
                    <Chip size="small" label={video.processing_status} />
                  </ListItem>
                ))}
              </List>
            )}
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {t('patients.analyses')}
            </Typography>
            {query.data.analyses.length === 0 ? (
              <Typography color="textSecondary">{t('patients.noAnalyses')}</Typography>
            ) : (
              <List dense disablePadding>
                {query.data.analyses.map((item) => (
                  <ListItem key={item.id} divider>
                    <ListItemText
                      primary={t('dashboard.analysisLine', { id: shortAnalysisId(item.id) })}
                      secondary={t('dashboard.analysisFigures', {
                        concentration: figure(item.concentration_million_per_ml),
                        motility: figure(item.total_motility_percent),
                      })}
                    />
                    <Chip size="small" label={t(`business.status.${item.status}`)} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
