import DeleteIcon from '@mui/icons-material/Delete';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Chip,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Detection } from '@sarm/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { confidenceColour } from './canvas/render';
import { sourceKey } from './frameAnnotationLogic';

/**
 * 'Detection Results (n)' with Added / Not Added per box (spec 2 §2.3). Memoised, and so is each
 * row: selecting or editing one box of 1,000 re-renders the rows that changed, not all of them
 * (a full re-render of 1,000 rows with their tooltips stalls the page for a second or more).
 */
export const DetectionSideList = memo(function DetectionSideList({
  detections,
  labelled,
  selectedId,
  onSelect,
  onDelete,
}: {
  readonly detections: readonly Detection[];
  readonly labelled: ReadonlySet<string>;
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onDelete: (detection: Detection) => void;
}) {
  const { t } = useTranslation();
  const k = 'technical.annotation';
  const added = detections.filter((d) => labelled.has(d.id)).length;
  return (
    <Box>
      <Typography variant="h6">{t(`${k}.listTitle`, { count: detections.length })}</Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <Chip size="small" color="success" label={t(`${k}.addedChip`, { count: added })} />
        <Chip
          size="small"
          variant="outlined"
          label={t(`${k}.notAddedChip`, { count: detections.length - added })}
        />
      </Stack>
      {detections.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t(`${k}.empty`)}
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 560, overflow: 'auto' }} data-testid="detection-list">
          {detections.map((d, index) => (
            <DetectionRow
              key={d.id}
              detection={d}
              index={index}
              selected={d.id === selectedId}
              added={labelled.has(d.id)}
              onSelect={onSelect}
              onDelete={onDelete}
            />
          ))}
        </List>
      )}
    </Box>
  );
});

const DetectionRow = memo(function DetectionRow({
  detection: d,
  index,
  selected,
  added,
  onSelect,
  onDelete,
}: {
  readonly detection: Detection;
  readonly index: number;
  readonly selected: boolean;
  readonly added: boolean;
  readonly onSelect: (id: string) => void;
  readonly onDelete: (detection: Detection) => void;
}) {
  const { t } = useTranslation();
  const k = 'technical.annotation';
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onSelect(d.id)}
      sx={{ borderLeft: 4, borderColor: confidenceColour(d.confidence) }}
    >
      <ListItemText
        primary={`#${index + 1} · ${Math.round(d.confidence * 100)}% · ${t(
          `${k}.sources.${sourceKey(d.source)}`,
        )}${d.verified ? ' ✓' : ''}`}
        secondary={added ? t(`${k}.added`) : t(`${k}.notAdded`)}
      />
      <Tooltip
        title={
          <>
            <div>{t(`${k}.infoId`, { id: d.id })}</div>
            <div>{t(`${k}.infoDetectionId`, { id: d.detection_id })}</div>
            <div>{t(`${k}.infoConfidence`, { value: Math.round(d.confidence * 100) })}</div>
            <div>{t(`${k}.infoPosition`, { x: Math.round(d.x1), y: Math.round(d.y1) })}</div>
            <div>
              {t(`${k}.infoSize`, {
                width: Math.round(d.width),
                height: Math.round(d.height),
              })}
            </div>
          </>
        }
      >
        <InfoOutlinedIcon fontSize="small" sx={{ mx: 1, color: 'text.secondary' }} />
      </Tooltip>
      <IconButton
        edge="end"
        size="small"
        aria-label={t(`${k}.deleteTooltip`)}
        onClick={(event) => {
          event.stopPropagation();
          onDelete(d);
        }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </ListItemButton>
  );
});
