import {
  Box,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  NAME_MAX,
  NOTE_MAX,
  type AnalysisItem,
  type Patient,
  type ReportTemplate,
} from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { fmt } from '../reportLogic';
import {
  SECTION_KEYS,
  SECTION_LABEL_KEYS,
  toggleSection,
  type GeneratorSettings,
} from './reportGeneratorLogic';

export interface ReportFormState {
  readonly title: string;
  readonly templateId: string;
  readonly patientId: string;
  readonly analysisId: string;
  readonly settings: GeneratorSettings;
}

/** Title, template, patient box, analysis, the seven toggles, comments and recommendations. */
export function ReportSettingsForm({
  state,
  titleError,
  templates,
  patients,
  analyses,
  onTitle,
  onTemplate,
  onPatient,
  onAnalysis,
  onSettings,
}: {
  readonly state: ReportFormState;
  readonly titleError: string | null;
  readonly templates: readonly ReportTemplate[];
  readonly patients: readonly Patient[];
  readonly analyses: readonly AnalysisItem[];
  readonly onTitle: (title: string) => void;
  readonly onTemplate: (templateId: string) => void;
  readonly onPatient: (patientId: string) => void;
  readonly onAnalysis: (analysisId: string) => void;
  readonly onSettings: (settings: GeneratorSettings) => void;
}) {
  const { t, i18n } = useTranslation();
  const patient = patients.find((p) => p.id === state.patientId);
  const { settings } = state;
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 7 }}>
              <TextField
                label={t('reportGenerator.reportTitle')}
                required
                fullWidth
                value={state.title}
                slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                onChange={(event) => onTitle(event.target.value)}
                error={titleError !== null}
                helperText={titleError}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <TextField
                select
                label={t('reportGenerator.template')}
                fullWidth
                value={state.templateId}
                onChange={(event) => onTemplate(event.target.value)}
              >
                {templates.map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    {template.isDefault
                      ? t('reportGenerator.defaultTemplate', { name: template.name })
                      : template.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('reportGenerator.patientBox')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              <TextField
                select
                label={t('reportGenerator.patient')}
                fullWidth
                value={state.patientId}
                onChange={(event) => onPatient(event.target.value)}
              >
                <MenuItem value="">{t('reportGenerator.noPatient')}</MenuItem>
                {patients.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <TextField
                select
                label={t('reportGenerator.analysis')}
                fullWidth
                value={state.analysisId}
                onChange={(event) => onAnalysis(event.target.value)}
                helperText={analyses.length === 0 ? t('reportGenerator.noAnalyses') : null}
              >
                <MenuItem value="">{t('reportGenerator.noAnalysis')}</MenuItem>
                {analyses.map((analysis) => (
                  <MenuItem key={analysis.id} value={analysis.id}>
                    {t('reportGenerator.analysisOption', {
                      date: new Date(analysis.created_at).toLocaleDateString(i18n.language),
                      video: analysis.video_name,
                      concentration: fmt(analysis.concentration_million_per_ml),
                    })}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          </Grid>
          {patient !== undefined && (
            <Box sx={{ mt: 2, display: 'flex', gap: 4, flexWrap: 'wrap' }}>
              {(
                [
                  ['reportGenerator.patientName', patient.name],
                  ['reportGenerator.patientAge', patient.age === null ? '-' : String(patient.age)],
                  ['reportGenerator.patientContact', patient.contactNumber || '-'],
                ] as const
              ).map(([key, value]) => (
                <Box key={key}>
                  <Typography variant="caption" color="textSecondary">
                    {t(key)}
                  </Typography>
                  <Typography>{value}</Typography>
                </Box>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('reportGenerator.sectionsTitle')}
          </Typography>
          <Grid container>
            {SECTION_KEYS.map((key) => (
              <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={settings[key]}
                      onChange={() => onSettings(toggleSection(settings, key))}
                    />
                  }
                  label={t(SECTION_LABEL_KEYS[key])}
                />
              </Grid>
            ))}
          </Grid>
          <Stack spacing={2} sx={{ mt: 2 }}>
            <TextField
              label={t('reportGenerator.comments')}
              multiline
              minRows={3}
              value={settings.commentText}
              slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
              onChange={(event) => onSettings({ ...settings, commentText: event.target.value })}
            />
            <TextField
              label={t('reportGenerator.recommendations')}
              multiline
              minRows={3}
              value={settings.recommendationText}
              slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
              onChange={(event) =>
                onSettings({ ...settings, recommendationText: event.target.value })
              }
            />
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
