import type { ReactNode } from 'react';
import {
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ProjectDashboard } from '@sarm/contracts';
import { accuracyPercent, figureOrNa, normalShare, progressColor } from './projectDashboardLogic';

function DashboardTable(props: {
  readonly columns: readonly string[];
  readonly emptyText: string;
  readonly rows: readonly { readonly key: string; readonly cells: readonly ReactNode[] }[];
}) {
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {props.columns.map((column) => (
            <TableCell key={column}>{column}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={props.columns.length} align="center">
              {props.emptyText}
            </TableCell>
          </TableRow>
        )}
        {props.rows.map((row) => (
          <TableRow key={row.key} hover>
            {row.cells.map((cell, index) => (
              <TableCell key={index}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const PREFIX = 'dashboard.projectDashboard';

export function ProjectStatisticsTable({ data }: { readonly data: ProjectDashboard }) {
  const { t } = useTranslation();
  return (
    <DashboardTable
      columns={[
        t(`${PREFIX}.project`),
        t(`${PREFIX}.datasets`),
        t(`${PREFIX}.videos`),
        t(`${PREFIX}.frames`),
        t(`${PREFIX}.segments`),
        t(`${PREFIX}.models`),
        t(`${PREFIX}.progress`),
        t(`${PREFIX}.status`),
      ]}
      emptyText={t(`${PREFIX}.noProjects`)}
      rows={data.projects.map((project) => ({
        key: project.id,
        cells: [
          project.name,
          project.datasetsCount,
          project.videosCount,
          project.framesCount,
          project.segmentsCount,
          project.modelsCount,
          <Stack key="progress" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={project.progress}
              sx={{ width: 80 }}
              aria-label={t(`${PREFIX}.progress`)}
            />
            <Typography variant="body2">{project.progress}%</Typography>
          </Stack>,
          <Chip
            key="status"
            size="small"
            color={progressColor(project.status)}
            label={t(`${PREFIX}.statuses.${project.status}`)}
          />,
        ],
      }))}
    />
  );
}

export function TeamMembersTable({ data }: { readonly data: ProjectDashboard }) {
  const { t } = useTranslation();
  return (
    <DashboardTable
      columns={[
        t(`${PREFIX}.project`),
        t(`${PREFIX}.member`),
        t(`${PREFIX}.email`),
        t(`${PREFIX}.accessLevel`),
        t(`${PREFIX}.status`),
      ]}
      emptyText={t(`${PREFIX}.noMembers`)}
      rows={data.members.map((member) => ({
        key: `${member.projectId}:${member.userId}`,
        cells: [
          member.projectName,
          member.displayName,
          member.email,
          member.accessLevel,
          <Chip
            key="active"
            size="small"
            color={member.isActive ? 'success' : 'default'}
            label={t(member.isActive ? `${PREFIX}.memberActive` : `${PREFIX}.memberInactive`)}
          />,
        ],
      }))}
    />
  );
}

export function DatasetAnalyticsTable({ data }: { readonly data: ProjectDashboard }) {
  const { t } = useTranslation();
  return (
    <DashboardTable
      columns={[
        t(`${PREFIX}.dataset`),
        t(`${PREFIX}.project`),
        t(`${PREFIX}.type`),
        t(`${PREFIX}.videos`),
        t(`${PREFIX}.frames`),
        t(`${PREFIX}.detections`),
        t(`${PREFIX}.segments`),
        t(`${PREFIX}.analysedVideos`),
      ]}
      emptyText={t(`${PREFIX}.noDatasets`)}
      rows={data.datasets.map((dataset) => ({
        key: dataset.id,
        cells: [
          dataset.name,
          dataset.projectName,
          dataset.type,
          dataset.videos,
          dataset.frames,
          dataset.detections,
          dataset.segments,
          `${dataset.analysedVideos} / ${dataset.videos}`,
        ],
      }))}
    />
  );
}

export function PerformanceTable({ data }: { readonly data: ProjectDashboard }) {
  const { t } = useTranslation();
  return (
    <DashboardTable
      columns={[
        t(`${PREFIX}.project`),
        t(`${PREFIX}.analyses`),
        t(`${PREFIX}.meanConcentration`),
        t(`${PREFIX}.meanProgressive`),
        t(`${PREFIX}.meanTotal`),
        t(`${PREFIX}.normalShare`),
        t(`${PREFIX}.trainedModels`),
        t(`${PREFIX}.bestAccuracy`),
      ]}
      emptyText={t(`${PREFIX}.noProjects`)}
      rows={data.performance.map((row) => ({
        key: row.projectId,
        cells: [
          row.projectName,
          row.analyses,
          figureOrNa(row.meanConcentration),
          figureOrNa(row.meanProgressiveMotility),
          figureOrNa(row.meanTotalMotility),
          normalShare(row.normalConcentrationCount, row.analyses),
          row.trainedModels,
          accuracyPercent(row.bestValidationAccuracy),
        ],
      }))}
    />
  );
}
