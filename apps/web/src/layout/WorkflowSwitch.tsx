import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_DASHBOARD, type Workflow } from '../routing/workflow';

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
      onChange={(_event, next: unknown) => {
        // MUI types the value loosely; only the two known workflows are accepted.
        if ((next === 'business' || next === 'technical') && next !== workflow) {
          void navigate(WORKFLOW_DASHBOARD[next]);
        }
      }}
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
      <ToggleButton value="business">{t('topbar.business')}</ToggleButton>
      <ToggleButton value="technical">{t('topbar.technical')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
