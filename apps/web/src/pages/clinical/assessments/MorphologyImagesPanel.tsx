import {
  AssessmentImageSchema,
  AssessmentImagesResponseSchema,
  CellConfirmationsResponseSchema,
  MORPHOLOGY_DEFECTS,
  type AssessmentImage,
  type MorphologyDefect,
} from '@sarm/contracts';
import { Alert, Box, Button, List, ListItemButton, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../api/apiClient';
import { fetchImageUrl } from '../../../api/clinicalApi';
import { errorMessage, serverMessage } from '../../../api/client';
import { readToken } from '../../../api/session';
import { browserKeyStorage, keyLabel, keyOf, loadKeyMap } from './counterKeys';
import type { ModelDecision } from './tallyCounter';
import {
  allDecided,
  initialCellStep,
  stepCellKey,
  zoomRegion,
  type CellStepState,
  sameDefects,
} from './morphologyImagesLogic';

const imagesPath = (datasetId: string) =>
  `/sarm/assessments/${encodeURIComponent(datasetId)}/images`;
type CellConfirmationsResponse = ReturnType<typeof CellConfirmationsResponseSchema.parse>;
const imagesKey = (datasetId: string) => ['assessment-images', datasetId] as const;

/** Multipart upload (the JSON client sends no forms); the server's message on failure. */
async function uploadImage(datasetId: string, file: File): Promise<AssessmentImage> {
  const form = new FormData();
  form.append('file', file);
  const token = readToken(window.localStorage);
  const response = await window.fetch(`/api${imagesPath(datasetId)}`, {
    method: 'POST',
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(serverMessage(text) ?? `Error ${response.status}`);
  return AssessmentImageSchema.parse(JSON.parse(text));
}

/** The image as an object URL fetched with the bearer token (null while loading). */
function useImageUrl(path: string | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (path === null) return;
    let active = true;
    let made: string | null = null;
    fetchImageUrl(path).then(
      (objectUrl) => {
        made = objectUrl;
        if (active) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      },
      () => undefined,
    );
    return () => {
      active = false;
      setUrl(null);
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}

/**
 * Stained-smear images of a sample's morphology assessment: upload, the list, and a viewer that
 * steps through the cells found on the active image (boxes drawn, the current one highlighted
 * and shown zoomed with the model's proposal). The morphology counter's category keys confirm or
 * correct each cell; every decided cell calls `onCell(defects)` so the counter tallies it, and the
 * decisions are posted when the image's last cell is decided.
 *
 * Keyboard: the panel listens only while it has an active image with undecided cells, in the
 * capture phase, and stops the keys it uses from reaching the counter (so a cell is never counted
 * twice); with no active image every key goes to the counter as before.
 */
export function MorphologyImagesPanel({
  datasetId,
  onCell,
  canRecord,
}: {
  readonly datasetId: string;
  /** A decided cell, with the model's proposal it confirmed or corrected when a model proposed it. */
  readonly onCell: (defects: MorphologyDefect[], model?: ModelDecision) => void;
  readonly canRecord: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const keys = useRef(loadKeyMap('morphology', browserKeyStorage())).current;
  const [activeId, setActiveId] = useState<string | null>(null);
  const [step, setStep] = useState<CellStepState>(initialCellStep);
  const [outcome, setOutcome] = useState<CellConfirmationsResponse | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const images = useQuery({
    queryKey: imagesKey(datasetId),
    queryFn: () => apiClient.requestParsed(imagesPath(datasetId), AssessmentImagesResponseSchema),
  });
  const active = images.data?.images.find((image) => image.id === activeId) ?? null;
  const url = useImageUrl(active?.url ?? null);

  const open = (id: string | null) => {
    setActiveId(id);
    setStep(initialCellStep);
    setOutcome(null);
  };

  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(datasetId, file),
    onSuccess: async (image) => {
      await client.invalidateQueries({ queryKey: imagesKey(datasetId) });
      open(image.id);
    },
  });
  const confirm = useMutation({
    mutationFn: (state: CellStepState) =>
      apiClient.requestParsed(
        `${imagesPath(datasetId)}/${encodeURIComponent(activeId ?? '')}/confirmations`,
        CellConfirmationsResponseSchema,
        { method: 'POST', body: { cells: state.decisions } },
      ),
    onSuccess: setOutcome,
  });

  const proposals = useMemo(() => active?.proposals ?? [], [active]);
  const listening = active !== null && !allDecided(step, proposals);
  useEffect(() => {
    if (!listening) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const result = stepCellKey(step, event.key, keys, proposals);
      if (result === null) return;
      event.preventDefault();
      event.stopPropagation();
      setStep(result.state);
      if (result.decided !== null) {
        const proposal = proposals[step.index];
        const model = active?.model ?? null;
        onCell(
          result.decided,
          model === null || proposal === undefined
            ? undefined
            : { ...model, agreed: sameDefects(proposal.defects, result.decided) },
        );
        if (allDecided(result.state, proposals) && result.state.decisions.length > 0)
          confirm.mutate(result.state);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [listening, step, keys, proposals, onCell, confirm, active]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file !== undefined) upload.mutate(file);
    event.target.value = '';
  };

  const current = proposals[step.index];
  const defectName = (d: MorphologyDefect) => t(`assessmentImages.defect.${d}`);
  const describe = (defects: readonly MorphologyDefect[]) =>
    defects.length === 0 ? t('assessmentImages.normal') : defects.map(defectName).join(', ');

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {t('assessmentImages.title')}
        </Typography>
        {canRecord && (
          <Button
            variant="outlined"
            size="small"
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? t('assessmentImages.uploading') : t('assessmentImages.upload')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/tiff"
          onChange={onFile}
        />
      </Stack>
      {upload.isError && (
        <Alert severity="error">
          {errorMessage(upload.error, t('assessmentImages.uploadFailed'))}
        </Alert>
      )}
      {images.isError && <Alert severity="error">{t('assessmentImages.loadFailed')}</Alert>}
      {images.data?.images.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          {t('assessmentImages.none')}
        </Typography>
      )}
      <List dense disablePadding>
        {images.data?.images.map((image) => (
          <ListItemButton
            key={image.id}
            selected={image.id === activeId}
            onClick={() => open(image.id === activeId ? null : image.id)}
          >
            {t('assessmentImages.listItem', {
              name: image.fileName,
              cells: image.proposals.length,
            })}
          </ListItemButton>
        ))}
      </List>
      {active !== null && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ flex: 2, bgcolor: 'black' }}>
            <svg
              viewBox={`0 0 ${active.width} ${active.height}`}
              width="100%"
              role="img"
              aria-label={active.fileName}
            >
              {url !== null && <image href={url} width={active.width} height={active.height} />}
              {proposals.map((p, i) => (
                <rect
                  key={i}
                  x={p.x}
                  y={p.y}
                  width={p.width}
                  height={p.height}
                  fill="none"
                  stroke={i === step.index ? '#ffeb3b' : i < step.index ? '#4caf50' : '#90caf9'}
                  strokeWidth={i === step.index ? 3 : 1.5}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </svg>
          </Box>
          <Stack spacing={1} sx={{ flex: 1, minWidth: 220 }}>
            {current !== undefined ? (
              <>
                <Typography variant="body2">
                  {t('assessmentImages.cellOf', {
                    cell: step.index + 1,
                    total: proposals.length,
                  })}
                </Typography>
                <ZoomedCell image={active} url={url} index={step.index} />
                <Typography variant="body2">
                  {active.model === null
                    ? t('assessmentImages.noModel')
                    : t('assessmentImages.proposed', {
                        classes: describe(current.defects),
                        confidence: current.confidence.toFixed(2),
                      })}
                </Typography>
                {step.pending !== null && (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('assessmentImages.pending', { classes: describe(step.pending) })}
                  </Typography>
                )}
                <Typography variant="caption" color="textSecondary">
                  {t('assessmentImages.keys', {
                    keys: [
                      `${keyLabel(keyOf(keys, 'normal'))} ${t('assessmentImages.normal')}`,
                      ...MORPHOLOGY_DEFECTS.map(
                        (d) => `${keyLabel(keyOf(keys, d))} ${defectName(d)}`,
                      ),
                    ].join(' · '),
                  })}
                </Typography>
              </>
            ) : (
              <Typography variant="body2">
                {proposals.length === 0
                  ? t('assessmentImages.noCells')
                  : t('assessmentImages.done')}
              </Typography>
            )}
            {confirm.isError && (
              <Alert severity="error">
                {errorMessage(confirm.error, t('assessmentImages.confirmFailed'))}
              </Alert>
            )}
            {outcome !== null && (
              <Alert severity="success">
                {active.model === null
                  ? t('assessmentImages.classified', { count: step.decisions.length })
                  : t('assessmentImages.outcome', {
                      confirmed: outcome.confirmed,
                      corrected: outcome.corrected,
                    })}
              </Alert>
            )}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/** The current cell enlarged: the image's region around its box, the box drawn on it. */
function ZoomedCell({
  image,
  url,
  index,
}: {
  readonly image: AssessmentImage;
  readonly url: string | null;
  readonly index: number;
}) {
  const cell = image.proposals[index];
  if (cell === undefined || url === null) return null;
  const region = zoomRegion(cell, image);
  return (
    <Box sx={{ width: 200, height: 200, bgcolor: 'black' }}>
      <svg
        viewBox={`${region.x} ${region.y} ${region.side} ${region.side}`}
        width={200}
        height={200}
      >
        <image href={url} width={image.width} height={image.height} />
        <rect
          x={cell.x}
          y={cell.y}
          width={cell.width}
          height={cell.height}
          fill="none"
          stroke="#ffeb3b"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </Box>
  );
}
