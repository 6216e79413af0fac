import type { AnalysisItem } from '@sarm/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { checkReference, figure } from './businessLogic';

type Row = readonly [label: string, value: string, check?: 'normal' | 'below' | null];

function Section({ title, rows }: { readonly title: string; readonly rows: readonly Row[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h6" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Table size="small">
        <TableBody>
          {rows.map(([label, value, check]) => (
            <TableRow key={label}>
              <TableCell>{label}</TableCell>
              <TableCell>{value}</TableCell>
              <TableCell sx={{ color: check === 'below' ? 'error.main' : 'success.main' }}>
                {check === 'below' && t('business.belowReference')}
                {check === 'normal' && t('business.withinReference')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** Concentration, motility and morphology of one analysis against the WHO 2010 reference set. */
export function AnalysisDetailsDialog(props: {
  readonly item: AnalysisItem | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const { item } = props;
  if (item === null) return null;
  const m = item.morphometry;
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {[item.patient_name ?? t('business.noPatient'), item.dataset_name, item.video_name].join(
          ' · ',
        )}
      </DialogTitle>
      <DialogContent>
        <Section
          title={t('business.concentration')}
          rows={[
            [
              t('business.concentrationValue'),
              `${figure(item.concentration_million_per_ml)} M/ml`,
              checkReference(item.concentration_million_per_ml, 'concentrationMillionPerMl'),
            ],
            [t('business.spermCount'), figure(item.total_sperm_count, 0)],
          ]}
        />
        <Section
          title={t('business.motility')}
          rows={[
            [
              t('business.totalMotility'),
              `${figure(item.total_motility_percent)}%`,
              checkReference(item.total_motility_percent, 'totalMotilityPercent'),
            ],
            [
              t('business.progressiveMotility'),
              `${figure(item.progressive_percent)}%`,
              checkReference(item.progressive_percent, 'progressiveMotilityPercent'),
            ],
            [t('business.immotile'), `${figure(item.immotile_percent)}%`],
            [t('business.averageVelocity'), `${figure(item.average_velocity)} µm/s`],
          ]}
        />
        <Section
          title={t('business.morphology')}
          rows={
            m === null
              ? [[t('business.noMorphometry'), '-']]
              : [
                  [t('business.headArea'), `${figure(m.area_um2, 2)} µm²`],
                  [t('business.headLength'), `${figure(m.length_um, 2)} µm`],
                  [t('business.headWidth'), `${figure(m.width_um, 2)} µm`],
                  [t('business.ellipticity'), figure(m.ellipticity, 2)],
                  [t('business.perimeter'), `${figure(m.perimeter_um, 2)} µm`],
                  [t('business.tracksMeasured'), String(item.tracks_measured)],
                ]
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('business.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
