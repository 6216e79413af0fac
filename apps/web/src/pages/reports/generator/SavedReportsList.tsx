import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EmailIcon from '@mui/icons-material/Email';
import {
  Button,
  Card,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import type { SavedReport } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';

/** The Saved Reports card: Download, Email and (for its creator or an administrator) Delete. */
export function SavedReportsList({
  reports,
  loading,
  onDownload,
  onEmail,
  onDelete,
}: {
  readonly reports: readonly SavedReport[];
  readonly loading: boolean;
  readonly onDownload: (report: SavedReport) => void;
  readonly onEmail: (report: SavedReport) => void;
  readonly onDelete: (report: SavedReport) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('reportGenerator.savedReports')}
        </Typography>
        {loading ? (
          <CircularProgress size={24} />
        ) : reports.length === 0 ? (
          <Typography color="textSecondary">{t('reportGenerator.noSavedReports')}</Typography>
        ) : (
          <List disablePadding>
            {reports.map((report) => (
              <ListItem key={report.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={report.title}
                  secondary={[
                    report.patientName,
                    t('reportGenerator.savedOn', {
                      date: new Date(report.createdAt).toLocaleString(i18n.language),
                    }),
                  ]
                    .filter((part) => part !== null)
                    .join(' · ')}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    onClick={() => onDownload(report)}
                  >
                    {t('reportGenerator.download')}
                  </Button>
                  <Button size="small" startIcon={<EmailIcon />} onClick={() => onEmail(report)}>
                    {t('reportGenerator.email')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    disabled={!report.canDelete}
                    onClick={() => onDelete(report)}
                  >
                    {t('reportGenerator.delete')}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
