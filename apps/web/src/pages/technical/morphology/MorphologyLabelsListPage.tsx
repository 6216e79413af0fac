import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  LinearProgress,
  Pagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { DataLabel } from '@sarm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { dataLabelKeys, fetchLabelStats } from '../../../api/technical/labelsApi';
import { fetchMyMorphologyLabels, morphologyKeys } from '../../../api/technical/morphologyApi';
import { useAuth } from '../../../auth/authContext';
import { MorphologyStatsChips } from './MorphologyStatsChips';

const k = 'technical.morphology.list';

/** One label as a card: name, dataset, item count and its statistics; opens the label page. */
function MorphologyLabelCard({ label }: { readonly label: DataLabel }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: dataLabelKeys.stats(label.id),
    queryFn: () => fetchLabelStats(label.id),
  });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/finetune/morphology-data-label/${encodeURIComponent(label.id)}`}
        sx={{ height: '100%', alignItems: 'flex-start' }}
      >
        <CardContent>
          <Typography variant="subtitle1" noWrap>
            {label.name}
          </Typography>
          <Typography variant="body2" color="textSecondary" noWrap sx={{ mb: 1 }}>
            {t(`${k}.cardLine`, {
              dataset: label.dataset_name,
              date: new Date(label.created_at).toLocaleDateString(),
            })}
          </Typography>
          {stats.data !== undefined && <MorphologyStatsChips stats={stats.data} />}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The caller's morphology data labels as cards, searched, 20 a page (spec 2 §2.1). */
export function MorphologyLabelsListPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const labels = useQuery({
    queryKey: morphologyKeys.myLabels(userId, query, page),
    queryFn: () => fetchMyMorphologyLabels(userId, query, page),
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  });
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(`${k}.title`)}
      </Typography>
      <TextField
        size="small"
        label={t(`${k}.search`)}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setPage(1);
        }}
        sx={{ mb: 2, minWidth: 300 }}
      />
      {labels.isPending && userId !== '' && <LinearProgress />}
      {labels.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void labels.refetch()}>{t(`${k}.tryAgain`)}</Button>}
        >
          {t(`${k}.loadError`)}
        </Alert>
      )}
      {labels.isSuccess && labels.data.data_labels.length === 0 && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>
          <Button variant="contained" component={RouterLink} to="/finetune/frame-extraction">
            {t(`${k}.start`)}
          </Button>
        </Stack>
      )}
      <Grid container spacing={2}>
        {(labels.data?.data_labels ?? []).map((label) => (
          <Grid key={label.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <MorphologyLabelCard label={label} />
          </Grid>
        ))}
      </Grid>
      {(labels.data?.total_pages ?? 1) > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          page={page}
          count={labels.data?.total_pages ?? 1}
          onChange={(_, value) => setPage(value)}
        />
      )}
    </Box>
  );
}
