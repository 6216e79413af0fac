import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, GlobalStyles, Grid, Stack, Typography } from '@mui/material';
import type { ConcentrationReport, MotilityReport } from '@sarm/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConcentrationCard, MotilityCard } from './ReportCards';
import { ParametersCard, WhoTable } from './WhoTable';

/** Printing keeps only the report: no bars, drawers or buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiDrawer-root, .MuiAppBar-root, .no-print': { display: 'none !important' },
        'main, #root': {
          margin: '0 !important',
          padding: '0 !important',
          width: '100% !important',
        },
        body: { background: '#fff' },
        '.MuiCard-root': { breakInside: 'avoid' },
      },
    }}
  />
);

/** The cards, WHO table and parameters shared by the analysis and stored reports. */
export function ReportBody(props: {
  readonly title: string;
  readonly subtitle: string;
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
  readonly warnings: readonly string[];
  readonly sample: ReactNode;
  readonly actions: ReactNode;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      {printStyles}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {props.title}
          </Typography>
          <Typography color="textSecondary">{props.subtitle}</Typography>
        </Box>
        <Stack direction="row" spacing={1} className="no-print">
          {props.actions}
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('reports.print')}
          </Button>
        </Stack>
      </Stack>
      {props.warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('reports.warnings')}</Typography>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {props.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ConcentrationCard report={props.concentration} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <MotilityCard report={props.motility} />
        </Grid>
        <Grid size={12}>
          <WhoTable concentration={props.concentration} motility={props.motility} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ParametersCard concentration={props.concentration} motility={props.motility} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>{props.sample}</Grid>
        {props.children}
      </Grid>
    </Box>
  );
}
