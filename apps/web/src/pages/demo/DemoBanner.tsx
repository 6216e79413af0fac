import { Alert, Button, Chip, LinearProgress, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DeleteDemoButton } from './DeleteDemoButton';
import { DemoProgressDialog } from './DemoProgressDialog';
import { demoReportPath, isBeingMade } from './demoLogic';
import { useCanManageDemo, useDemoStatus, useIsDemoScreen } from './useDemo';

/**
 * The mark of the demo on every screen that shows it (and on all screens while it is made): a
 * "Demo" chip, the warning that it is no patient result, the report and "Delete the demo".
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: demo } = useDemoStatus();
  const onDemoScreen = useIsDemoScreen();
  const canManage = useCanManageDemo();
  if (demo === null || demo === undefined || !(onDemoScreen || isBeingMade(demo)))
    return <DemoProgressDialog />;
  const report = demoReportPath(demo);
  return (
    <>
      <DemoProgressDialog />
      <Alert
        severity="warning"
        icon={<Chip label={t('demo.chip')} color="warning" size="small" />}
        sx={{ mb: 2, alignItems: 'center' }}
        data-testid="demo-banner"
        className="no-print"
        action={
          <Stack direction="row" spacing={1}>
            {demo.state === 'ready' && report !== null && (
              <Button color="inherit" size="small" onClick={() => void navigate(report)}>
                {t('demo.openReport')}
              </Button>
            )}
            {canManage && <DeleteDemoButton projectId={demo.projectId} />}
          </Stack>
        }
      >
        {isBeingMade(demo) ? t('demo.making') : t('demo.banner')}
        {isBeingMade(demo) && <LinearProgress variant="determinate" value={demo.progress * 100} />}
      </Alert>
    </>
  );
}
