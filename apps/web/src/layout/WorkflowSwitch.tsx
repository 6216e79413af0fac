import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_DASHBOARD, type Workflow } from '../routing/workflow';

const WORKFLOWS: readonly Workflow[] = ['business', 'technical'];

/** Shown only to users with both accesses (spec 1 §2.3); switching opens that workflow's dashboard. */
export function WorkflowSwitch({ workflow }: { readonly workflow: Workflow | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={workflow}
      aria-label={t('topbar.workflow')}
      sx={{
        bgcolor: 'rgba(255,255,255,0.12)',
        '& .MuiToggleButton-root': {
          color: 'inherit',
          borderColor: 'rgba(255,255,255,0.3)',
          px: 1.5,
          py: 0.25,
        },
        '& .MuiToggleButton-root.Mui-selected': { color: 'primary.main', bgcolor: 'common.white' },
        '& .MuiToggleButton-root.Mui-selected:hover': { bgcolor: 'grey.100' },
      }}
    >
      {WORKFLOWS.map((each) => (
        <ToggleButton
          key={each}
          value={each}
          // Every click opens that workflow's dashboard, even on the button shown as current: React
          // Router renders a navigation as a transition, so on a slow machine the switch can still
          // show the previous workflow while the address already is the new one (replacing keeps
          // the history free of repeats).
          onClick={() => void navigate(WORKFLOW_DASHBOARD[each], { replace: each === workflow })}
        >
          {t(`topbar.${each}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
