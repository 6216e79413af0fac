import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { clinicalKeys, fetchAllDatasets } from '../../../api/clinicalApi';
import { samplesNewestFirst } from './liveSamples';

/**
 * Live capture from the clinic navigation: the technician picks the sample at the microscope,
 * then records its fields on that sample's live screen.
 */
export function LiveSamplePickerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const datasets = useQuery({ queryKey: clinicalKeys.allDatasets, queryFn: fetchAllDatasets });
  const samples = samplesNewestFirst(datasets.data?.datasets ?? []);

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('live.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('live.picker.intro')}
      </Typography>
      <Card>
        <CardContent>
          {datasets.isPending && <CircularProgress size={24} />}
          {datasets.isError && <Alert severity="error">{t('live.picker.loadFailed')}</Alert>}
          {datasets.isSuccess && samples.length === 0 && (
            <Alert severity="info">{t('live.picker.none')}</Alert>
          )}
          {samples.length > 0 && (
            <Table size="small" aria-label={t('live.picker.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('live.picker.sample')}</TableCell>
                  <TableCell>{t('live.picker.project')}</TableCell>
                  <TableCell align="right">{t('live.picker.videos')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {samples.map((sample) => (
                  <TableRow key={sample.id}>
                    <TableCell>{sample.name}</TableCell>
                    <TableCell>{sample.project_name}</TableCell>
                    <TableCell align="right">{sample.stats.total_videos}</TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        variant="contained"
                        onClick={() => void navigate(`/sarm/samples/${sample.id}/live`)}
                      >
                        {t('live.open')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
