import {
  Avatar,
  Box,
  Chip,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Workflow } from '../routing/workflow';
import {
  contextEntries,
  currentStageIndex,
  stageTargets,
  stagesOf,
  type WorkflowContext,
} from './stages';
import { useWorkflowContextNames } from './useWorkflowContextNames';

function ContextChips({ context }: { readonly context: WorkflowContext }) {
  const { t } = useTranslation();
  const names = useWorkflowContextNames(context);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }} data-testid="stage-context">
      {contextEntries(context, names).map(({ key, value }) => {
        const label = t(`nav.${key}`, { id: value });
        return (
          <Tooltip key={key} title={label}>
            <Chip label={label} size="small" variant="outlined" sx={{ maxWidth: '100%' }} />
          </Tooltip>
        );
      })}
    </Stack>
  );
}

/** The six workflow stages with progress x/6 and the ids the screen works on (spec 1 §2.3). */
export function StagedNavigation({
  workflow,
  context,
}: {
  readonly workflow: Workflow;
  readonly context: WorkflowContext;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const stages = stagesOf(workflow);
  const current = currentStageIndex(workflow, pathname);
  const targets = stageTargets(workflow, context);
  return (
    <Box sx={{ px: 2, pt: 2 }} data-testid="staged-navigation">
      <Typography variant="overline" color="textSecondary">
        {t('nav.workflowStages')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant="determinate"
          value={((current + 1) / stages.length) * 100}
          sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
        />
        <Typography variant="caption" data-testid="stage-progress">
          {t('nav.progress', { current: current + 1, total: stages.length })}
        </Typography>
      </Stack>
      <ContextChips context={context} />
      <List dense sx={{ mx: -1 }}>
        {stages.map((stage, index) => {
          const target = targets[index] ?? null;
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <ListItemButton
              key={stage}
              component={RouterLink}
              to={target ?? pathname}
              disabled={target === null}
              selected={state === 'current'}
              aria-current={state === 'current' ? 'step' : undefined}
              sx={{ borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Avatar
                  sx={{
                    width: 24,
                    height: 24,
                    fontSize: 12,
                    bgcolor: state === 'todo' ? 'action.disabledBackground' : 'primary.main',
                    color: state === 'todo' ? 'text.secondary' : 'primary.contrastText',
                  }}
                >
                  {state === 'done' ? <Check sx={{ fontSize: 16 }} /> : index + 1}
                </Avatar>
              </ListItemIcon>
              <ListItemText primary={t(`stages.${stage}`)} />
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
}
