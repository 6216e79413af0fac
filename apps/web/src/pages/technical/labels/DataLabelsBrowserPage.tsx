import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
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
import { dataLabelKeys, fetchLabels } from '../../../api/technical/labelsApi';
import { LabelItemsView } from './LabelItemsView';

const k = 'technical.labels.browser';
/** What differs between the detection and morphology lists. */
const TEXTS = {
  detection: {
    title: 'title',
    empty: 'empty',
    chip: 'detectionChip',
    start: '/finetune/annotation',
  },
  morphology: {
    title: 'morphologyTitle',
    empty: 'morphologyEmpty',
    chip: 'morphologyChip',
    start: '/finetune/frame-extraction',
  },
} as const;

/**
 * Data labels browser (spec 2 §2.3): the Detection Data Labels browser and the morphology review
 * page share it; label cards with search and paging, then the items of the chosen label. Picking
 * a label starts its items at page 1 with no search.
 */
export function DataLabelsBrowserPage({
  labelType,
}: {
  readonly labelType: 'detection' | 'morphology';
}) {
  const texts = labelType === 'detection' ? TEXTS.detection : TEXTS.morphology;
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<DataLabel | null>(null);
  const labels = useQuery({
    queryKey: dataLabelKeys.list(labelType, query, page),
    queryFn: () => fetchLabels(labelType, query, page),
    placeholderData: keepPreviousData,
  });
  if (chosen !== null)
    return <LabelItemsView key={chosen.id} label={chosen} onBack={() => setChosen(null)} />;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(`${k}.${texts.title}`)}
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
      {labels.isPending && <LinearProgress />}
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
          <Typography color="textSecondary">{t(`${k}.${texts.empty}`)}</Typography>
          <Button variant="contained" component={RouterLink} to={texts.start}>
            {t(`${k}.startAnnotating`)}
          </Button>
        </Stack>
      )}
      <Grid container spacing={2}>
        {(labels.data?.data_labels ?? []).map((label) => (
          <Grid key={label.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardActionArea onClick={() => setChosen(label)}>
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
                    <Typography variant="subtitle1" noWrap sx={{ maxWidth: '75%' }}>
                      {label.name}
                    </Typography>
                    <Badge badgeContent={label.item_count} color="primary" max={9999} showZero>
                      <Box sx={{ width: 8 }} />
                    </Badge>
                  </Stack>
                  <Typography variant="body2" color="textSecondary" noWrap>
                    {label.description === '' ? t(`${k}.noDescription`) : label.description}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                    <Chip size="small" color="primary" label={t(`${k}.${texts.chip}`)} />
                    <Typography variant="caption">
                      {t(`${k}.cardLine`, {
                        date: new Date(label.created_at).toLocaleDateString(),
                        dataset: label.dataset_name,
                      })}
                    </Typography>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
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
