import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Grid,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Pagination,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { DataLabel, DataLabelItem } from '@sarm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  dataLabelKeys,
  deleteLabelItem,
  fetchLabelItems,
  fetchLabelStats,
  updateDataLabel,
} from '../../../api/technical/labelsApi';
import { useConfirm } from '../../../feedback/feedbackContext';
import { AuthImage } from '../../clinical/AuthImage';
import { MorphologyItemsTable } from './MorphologyItemsTable';
import { EditLabelDialog } from './EditLabelDialog';
import { confidenceChipColour, groupItemsByFrame, ITEM_PAGE_SIZES } from './labelItemsLogic';

const k = 'technical.labels.browser';
const SORTS = ['date', 'confidence', 'frame_number'] as const;

/** 'Items in {label}': statistics, frames with their detections, crops, delete and edit. */
export function LabelItemsView({ label, onBack }: { label: DataLabel; onBack: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const confirm = useConfirm();
  const [query, setQuery] = useState('');
  const [sortBy, setSortBy] = useState<(typeof SORTS)[number]>('date');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [frameId, setFrameId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [current, setCurrent] = useState(label);
  const items = useQuery({
    queryKey: dataLabelKeys.items(label.id, query, sortBy, page, limit),
    queryFn: () => fetchLabelItems(label.id, { query, sortBy, page, limit }),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({
    queryKey: dataLabelKeys.stats(label.id),
    queryFn: () => fetchLabelStats(label.id),
  });
  const morphology = label.label_type !== 'detection';
  // Detection items are shown by frame; morphology items in a table.
  const groups = morphology ? [] : groupItemsByFrame(items.data?.items ?? []);
  const frame = groups.find((group) => group.frameId === frameId) ?? groups[0];
  const refresh = () => void client.invalidateQueries({ queryKey: dataLabelKeys.all });
  const removeItem = (item: DataLabelItem) =>
    void confirm({
      message: t(`${k}.deleteItemConfirm`),
      onConfirm: async () => {
        // Failures are silent here (spec 2 §8); the list shows what is left.
        await deleteLabelItem(label.id, item.id).catch(() => undefined);
        refresh();
      },
    });

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Button variant="outlined" onClick={onBack} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t(`${k}.backToLabels`)}
        </Button>
        <Typography variant="h5">{t(`${k}.itemsIn`, { name: current.name })}</Typography>
        {current.can_edit && (
          <IconButton aria-label={t(`${k}.editTitle`)} onClick={() => setEditing(true)}>
            <EditIcon />
          </IconButton>
        )}
      </Stack>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {(
          [
            ['totalItems', stats.data?.total_items],
            ['labeledItems', stats.data?.labeled_items],
            ['unlabeledItems', stats.data?.unlabeled_items],
            [
              'averageConfidence',
              stats.data === undefined
                ? undefined
                : stats.data.average_confidence === null
                  ? t(`${k}.notAvailable`)
                  : `${Math.round(stats.data.average_confidence * 100)}%`,
            ],
          ] as const
        ).map(([key, value]) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="h6">{value ?? '…'}</Typography>
              <Typography variant="caption">{t(`${k}.stats.${key}`)}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={t(`${k}.searchItems`)}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
        />
        <TextField
          select
          size="small"
          label={t(`${k}.sortBy`)}
          value={sortBy}
          onChange={(event) => setSortBy(SORTS.find((s) => s === event.target.value) ?? 'date')}
          sx={{ minWidth: 160 }}
        >
          {SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {t(`${k}.sorts.${sort}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t(`${k}.pageSize`)}
          value={limit}
          onChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(1);
          }}
          sx={{ minWidth: 110 }}
        >
          {ITEM_PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {items.isPending && <LinearProgress />}
      {items.isError && <Alert severity="error">{t(`${k}.itemsFailed`)}</Alert>}
      {items.isSuccess &&
        (items.data.items.length === 0 || (!morphology && groups.length === 0)) && (
          <Typography color="textSecondary">{t(`${k}.noItems`)}</Typography>
        )}
      {morphology && stats.data !== undefined && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {(
            [
              ['normal', stats.data.normal_count],
              ['head_defect', stats.data.head_defect_count],
              ['midpiece_defect', stats.data.midpiece_defect_count],
              ['tail_defect', stats.data.tail_defect_count],
              ['multiple_defects', stats.data.multiple_defects_count],
            ] as const
          ).map(([name, count]) => (
            <Chip
              key={name}
              variant="outlined"
              label={`${t(`technical.segmentation.classes.${name}`)}: ${count}`}
            />
          ))}
          <Chip
            color={
              stats.data.normal_forms_percent === null
                ? 'default'
                : stats.data.normal_forms_percent >= stats.data.normal_forms_reference_percent
                  ? 'success'
                  : 'warning'
            }
            label={`${t(`${k}.normalForms`)}: ${t(`${k}.normalFormsLine`, {
              value:
                stats.data.normal_forms_percent === null
                  ? t(`${k}.notAvailable`)
                  : `${stats.data.normal_forms_percent.toFixed(1)} %`,
            })}`}
          />
        </Stack>
      )}
      {morphology && (items.data?.items.length ?? 0) > 0 && (
        <MorphologyItemsTable
          label={current}
          items={items.data?.items ?? []}
          {...(current.can_edit && { onDelete: removeItem })}
        />
      )}
      {groups.length > 0 && (
        <>
          <Typography variant="subtitle1">{t(`${k}.framesWithDetections`)}</Typography>
          <Stack direction="row" spacing={1} sx={{ overflowX: 'auto', py: 1, mb: 2 }}>
            {groups.map((group) => (
              <Card
                key={group.frameId}
                variant="outlined"
                sx={{
                  minWidth: 150,
                  borderColor: group.frameId === frame?.frameId ? 'primary.main' : undefined,
                }}
              >
                <CardActionArea onClick={() => setFrameId(group.frameId)}>
                  <AuthImage
                    path={`/sarm/media/view-frame/${group.frameId}`}
                    alt={t(`${k}.frameLine`, { number: group.frameNumber, video: group.videoName })}
                    height={80}
                  />
                  <CardContent sx={{ p: 1 }}>
                    <Typography variant="caption">
                      {t(`${k}.frameChip`, {
                        number: group.frameNumber,
                        count: group.items.length,
                      })}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        </>
      )}
      {frame !== undefined && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7 }}>
            <AuthImage
              path={`/sarm/media/view-visualization/${frame.frameId}`}
              alt={t(`${k}.frameLine`, { number: frame.frameNumber, video: frame.videoName })}
              height={340}
            />
            <Button
              sx={{ mt: 1 }}
              variant="outlined"
              component={RouterLink}
              to={`/finetune/annotation/detection/frame?frameId=${frame.frameId}&videoId=${frame.videoId}&datasetId=${label.dataset_id}`}
            >
              {t(`${k}.openTool`)}
            </Button>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <List dense sx={{ maxHeight: 420, overflow: 'auto' }}>
              {frame.items.map((item) => (
                <ListItem
                  key={item.id}
                  secondaryAction={
                    current.can_edit && (
                      <Button size="small" color="error" onClick={() => removeItem(item)}>
                        {t(`${k}.deleteItem`)}
                      </Button>
                    )
                  }
                >
                  <Box sx={{ width: 48, mr: 1 }}>
                    <AuthImage
                      path={`/sarm/media/view-crop/${item.crop_id}`}
                      alt={t(`${k}.crop`)}
                      height={40}
                    />
                  </Box>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1}>
                        <Chip size="small" label={item.class_name} />
                        <Chip
                          size="small"
                          color={confidenceChipColour(item.confidence)}
                          label={`${Math.round(item.confidence * 100)}%`}
                        />
                      </Stack>
                    }
                    secondary={t(`${k}.itemLine`, {
                      x: Math.round(item.bounding_box.x1),
                      y: Math.round(item.bounding_box.y1),
                      status: item.review_status,
                    })}
                  />
                </ListItem>
              ))}
            </List>
          </Grid>
        </Grid>
      )}
      {(items.data?.total_pages ?? 1) > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          page={page}
          count={items.data?.total_pages ?? 1}
          onChange={(_, value) => setPage(value)}
        />
      )}
      {editing && (
        <EditLabelDialog
          label={current}
          onClose={() => setEditing(false)}
          onSave={async (body) => {
            try {
              setCurrent(await updateDataLabel(label.id, body));
              refresh();
            } catch {
              // Update failures are silent (spec 2 §8); the dialog closes on the old values.
            }
            setEditing(false);
          }}
        />
      )}
    </Box>
  );
}
