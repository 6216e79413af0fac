import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { AnalysisTrack } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  pageOfTrack,
  sortTracks,
  TRACK_COLUMNS,
  type SortDirection,
  type TrackColumn,
} from './analysisView';
import { CATEGORY_COLOURS, CATEGORY_LABEL_KEYS } from './categoryColours';

const HEADER_KEYS = {
  id: 'videoAnalysis.table.id',
  category: 'videoAnalysis.table.category',
  vcl: 'videoAnalysis.table.vcl',
  vsl: 'videoAnalysis.table.vsl',
  vap: 'videoAnalysis.table.vap',
  lin: 'videoAnalysis.table.lin',
  str: 'videoAnalysis.table.str',
  wob: 'videoAnalysis.table.wob',
  alh_mean: 'videoAnalysis.table.alhMean',
  alh_max: 'videoAnalysis.table.alhMax',
  bcf: 'videoAnalysis.table.bcf',
  duration_s: 'videoAnalysis.table.duration',
  points: 'videoAnalysis.table.points',
} as const satisfies Record<TrackColumn, string>;

const ROWS_PER_PAGE = [10, 25, 50];

/** The figure shown in a numeric cell: velocities one decimal, ratios and the rest two. */
function cellText(track: AnalysisTrack, column: Exclude<TrackColumn, 'category'>): string {
  switch (column) {
    case 'id':
      return String(track.id);
    case 'points':
      return String(track.points.length);
    case 'vcl':
    case 'vsl':
    case 'vap':
      return track[column].toFixed(1);
    case 'lin':
    case 'str':
    case 'wob':
    case 'alh_mean':
    case 'alh_max':
    case 'bcf':
    case 'duration_s':
      return track[column].toFixed(2);
  }
}

/** Per-track kinematics, sortable and paged; a click selects the track on the video. */
export function TrackTable({
  tracks,
  selectedId,
  onSelect,
}: {
  tracks: readonly AnalysisTrack[];
  selectedId: number | null;
  onSelect: (trackId: number | null) => void;
}) {
  const { t } = useTranslation();
  const [column, setColumn] = useState<TrackColumn>('id');
  const [direction, setDirection] = useState<SortDirection>('asc');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [shownSelection, setShownSelection] = useState<number | null>(null);
  const sorted = sortTracks(tracks, column, direction);

  // A track picked on the video: turn to the page that lists it (state adjusted while rendering).
  if (selectedId !== shownSelection) {
    setShownSelection(selectedId);
    const target = selectedId === null ? null : pageOfTrack(sorted, selectedId, rowsPerPage);
    if (target !== null && target !== page) setPage(target);
  }

  const sortBy = (next: TrackColumn) => {
    if (next === column) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setColumn(next);
      setDirection(next === 'id' || next === 'category' ? 'asc' : 'desc');
    }
    setPage(0);
  };
  const rows = sorted.slice(page * rowsPerPage, (page + 1) * rowsPerPage);

  if (tracks.length === 0)
    return <Typography color="textSecondary">{t('videoAnalysis.table.noTracks')}</Typography>;
  return (
    <Box data-testid="track-table">
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {TRACK_COLUMNS.map((key) => (
                <TableCell
                  key={key}
                  align={key === 'category' ? 'left' : 'right'}
                  sortDirection={column === key ? direction : false}
                  sx={{ px: 1, verticalAlign: 'bottom' }}
                >
                  <TableSortLabel
                    active={column === key}
                    direction={column === key ? direction : 'asc'}
                    onClick={() => sortBy(key)}
                  >
                    {t(HEADER_KEYS[key])}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((track) => {
              const selected = track.id === selectedId;
              return (
                <TableRow
                  key={track.id}
                  hover
                  selected={selected}
                  onClick={() => onSelect(selected ? null : track.id)}
                  sx={{ cursor: 'pointer' }}
                  data-testid="track-row"
                >
                  {TRACK_COLUMNS.map((key) =>
                    key === 'category' ? (
                      <TableCell key={key} sx={{ px: 1 }}>
                        <Chip
                          size="small"
                          label={t(CATEGORY_LABEL_KEYS[track.category])}
                          sx={{
                            bgcolor: CATEGORY_COLOURS[track.category],
                            color: 'common.white',
                            fontWeight: 600,
                          }}
                        />
                      </TableCell>
                    ) : (
                      <TableCell
                        key={key}
                        align="right"
                        sx={{ fontVariantNumeric: 'tabular-nums' }}
                      >
                        {cellText(track, key)}
                      </TableCell>
                    ),
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={tracks.length}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('videoAnalysis.table.rowsPerPage')}
      />
    </Box>
  );
}
