import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { NOTE_MAX, type Frame, type FrameListResponse, type Video } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { businessKeys, fetchPatient } from '../../api/businessApi';
import {
  clinicalKeys,
  fetchFrames,
  fetchVideo,
  submitFramesForAnalysis,
  toggleFrame,
} from '../../api/clinicalApi';
import { useCan } from '../admin/common/useCan';
import { minutesSeconds } from './ClinicalBreadcrumbs';
import { FrameViewDialog } from './FrameViewDialog';
import { selectionQueryKeys, withSelectedCount, withSelection } from './frameSelectionLogic';
import { SelectionFrameCard } from './SelectionFrameCard';

const INITIAL_PAGE = 100;
const PAGE_STEP = 20;
const PATIENT_ID_SHOWN = 8;

function Info({ label, value }: { readonly label: string; readonly value: string | number }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value}
    </Typography>
  );
}

/** Frame Selection for one video (spec 1 §2.4): pick frames, add notes, submit for analysis. */
export function FrameSelectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { videoId = '' } = useParams();
  const canSelect = useCan(['select_frames']);
  const [limit, setLimit] = useState(INITIAL_PAGE);
  const [selection, setSelection] = useState<ReadonlySet<string> | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [viewed, setViewed] = useState<Frame | null>(null);
  const video = useQuery({
    queryKey: clinicalKeys.video(videoId),
    queryFn: () => fetchVideo(videoId),
    enabled: canSelect,
  });
  const patientId = video.data?.patientId ?? null;
  const canReadPatients = useCan(['manage_patients', 'upload_videos']);
  const patient = useQuery({
    queryKey: businessKeys.patient(patientId ?? ''),
    queryFn: () => fetchPatient(patientId ?? ''),
    enabled: patientId !== null && canReadPatients,
    retry: false,
  });
  const frames = useQuery({
    queryKey: clinicalKeys.frames(videoId, limit),
    queryFn: () => fetchFrames(videoId, limit),
    enabled: canSelect,
  });
  const submission = useMutation({
    mutationFn: submitFramesForAnalysis,
    onSuccess: async () => {
      setSelection(new Set());
      await client.invalidateQueries({ queryKey: businessKeys.analyses });
      await navigate('/sarm/results');
    },
    onError: () => setError(t('frameSelection.submitFailed')),
  });
  useEffect(() => {
    if (selection === null && frames.data !== undefined)
      setSelection(new Set(frames.data.frames.filter((f) => f.selected).map((f) => f.id)));
  }, [frames.data, selection]);

  if (!canSelect) return <Alert severity="warning">{t('frameSelection.noPermission')}</Alert>;
  if (video.isPending || frames.isPending) return <CircularProgress />;
  if (video.isError || frames.isError)
    return <Alert severity="error">{t('frameSelection.error')}</Alert>;

  const chosen = selection ?? new Set<string>();
  const toggle = (frame: Frame) => {
    const next = new Set(chosen);
    const selected = !next.has(frame.id);
    if (selected) next.add(frame.id);
    else next.delete(frame.id);
    setSelection(next);
    setError(null);
    // The count and the chips change at once; the server's answer then refreshes every view.
    client.setQueriesData<FrameListResponse>({ queryKey: ['sarm', 'frames', videoId] }, (page) =>
      withSelection(page, frame.id, selected),
    );
    if (frame.selected !== selected)
      client.setQueryData<Video>(clinicalKeys.video(videoId), (v) =>
        withSelectedCount(v, selected ? 1 : -1),
      );
    void toggleFrame(frame.id, selected)
      .catch((failure: unknown) => {
        setSelection((current) => {
          const undone = new Set(current);
          if (selected) undone.delete(frame.id);
          else undone.add(frame.id);
          return undone;
        });
        setError(
          t('frameSelection.selectionFailed', {
            message: failure instanceof Error ? failure.message : String(failure),
          }),
        );
      })
      .then(() =>
        Promise.all(
          selectionQueryKeys(videoId).map((queryKey) => client.invalidateQueries({ queryKey })),
        ),
      );
  };
  const submit = () => {
    if (chosen.size === 0) {
      setError(t('frameSelection.selectAtLeastOne'));
      return;
    }
    setError(null);
    submission.mutate({ videoId, frameIds: [...chosen], notes });
  };
  // Without the right to read patients (or before the name arrives) the short id stands in.
  const patientLabel =
    patientId === null
      ? t('business.noPatient')
      : (patient.data?.name ?? patientId.slice(0, PATIENT_ID_SHOWN));
  const list = frames.data.frames;
  const withDetections = list.filter((frame) => frame.hasDetection).length;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('frameSelection.title')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6">{video.data.name}</Typography>
              <Info
                label={t('frameSelection.description')}
                value={video.data.description || t('frameSelection.none')}
              />
              <Info label={t('frameSelection.patient')} value={patientLabel} />
              <Info
                label={t('frameSelection.duration')}
                value={minutesSeconds(video.data.duration)}
              />
              <Info label={t('frameSelection.extracted')} value={video.data.extractedFramesCount} />
              <Info label={t('frameSelection.selectedCount')} value={chosen.size} />
              <Typography
                variant="body2"
                color="textSecondary"
                sx={{ mt: 0.5 }}
                data-testid="whole-video-note"
              >
                {t('frameSelection.wholeVideoNote')}
              </Typography>
              <Info label={t('frameSelection.withDetections')} value={withDetections} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <TextField
                label={t('frameSelection.notes')}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
                fullWidth
                multiline
                minRows={3}
              />
              {error !== null && (
                <Alert severity="error" sx={{ mt: 1 }} onClose={() => setError(null)}>
                  {error}
                </Alert>
              )}
              <Button
                variant="contained"
                sx={{ mt: 2 }}
                disabled={submission.isPending}
                onClick={submit}
              >
                {submission.isPending ? t('frameSelection.submitting') : t('frameSelection.submit')}
              </Button>
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('frameSelection.wholeVideoSubmit', { count: chosen.size })}
              </Alert>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      {list.length === 0 && <Typography>{t('frameSelection.noFrames')}</Typography>}
      <Grid container spacing={1.5}>
        {list.map((frame) => (
          <Grid key={frame.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
            <SelectionFrameCard
              frame={frame}
              selected={chosen.has(frame.id)}
              onToggle={toggle}
              onView={setViewed}
            />
          </Grid>
        ))}
      </Grid>
      {frames.data.total > list.length && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => {
              setSelection(null);
              setLimit((value) => value + PAGE_STEP);
            }}
          >
            {t('frameSelection.loadMore')}
          </Button>
        </Stack>
      )}
      {viewed !== null && <FrameViewDialog frame={viewed} onClose={() => setViewed(null)} />}
    </Box>
  );
}
