import { loadTechnicalTexts, whenLanguageSettled } from '../i18n';
import { lazyFamily as lazyPagesOf } from './lazyFamily';

/**
 * A family's pages render once the language asked for is in use too (a language other than
 * English is its own chunk, fetched on sign-in): the first screen is drawn in the user's language.
 */
function lazyFamily<M>(load: () => Promise<M>) {
  return lazyPagesOf(async () => (await Promise.all([load(), whenLanguageSettled()]))[0]);
}

// Each family is one chunk (routing/families/*): a clinician never downloads the technical or
// administration screens, and the sign-in page downloads none of them.
const clinic = lazyFamily(() => import('./families/clinicPages'));
const reports = lazyFamily(() => import('./families/reportPages'));
const admin = lazyFamily(() => import('./families/adminPages'));
const account = lazyFamily(() => import('./families/accountPages'));
const technical = lazyFamily(async () => {
  const [pages] = await Promise.all([import('./families/technicalPages'), loadTechnicalTexts()]);
  return pages;
});
const shell = lazyFamily(() => import('./families/shellPages'));
const publicPages = lazyFamily(() => import('./families/publicPages'));
const status = lazyFamily(() => import('./families/statusPages'));

export const ShellPages = {
  AppLayout: shell((m) => m.AppLayout),
  DashboardRedirect: shell((m) => m.DashboardRedirect),
};

export const PublicPages = {
  ForgotPasswordPage: publicPages((m) => m.ForgotPasswordPage),
  RegisterPage: publicPages((m) => m.RegisterPage),
  ResetPasswordPage: publicPages((m) => m.ResetPasswordPage),
};

export const StatusPages = {
  AccountInactivePage: status((m) => m.AccountInactivePage),
  IncompleteProfilePage: status((m) => m.IncompleteProfilePage),
  NotFoundPage: status((m) => m.NotFoundPage),
  UnauthorizedPage: status((m) => m.UnauthorizedPage),
};

export const ClinicPages = {
  AnalysisResultsPage: clinic((m) => m.AnalysisResultsPage),
  BenchAssessmentsPage: clinic((m) => m.BenchAssessmentsPage),
  BusinessDashboardPage: clinic((m) => m.BusinessDashboardPage),
  BusinessDatasetsPage: clinic((m) => m.BusinessDatasetsPage),
  DatasetsPage: clinic((m) => m.DatasetsPage),
  FrameDetectionPage: clinic((m) => m.FrameDetectionPage),
  FrameListPage: clinic((m) => m.FrameListPage),
  FrameSelectionGridPage: clinic((m) => m.FrameSelectionGridPage),
  FrameSelectionPage: clinic((m) => m.FrameSelectionPage),
  LiveCapturePage: clinic((m) => m.LiveCapturePage),
  LiveSamplePickerPage: clinic((m) => m.LiveSamplePickerPage),
  PatientsPage: clinic((m) => m.PatientsPage),
  ProjectPickerPage: clinic((m) => m.ProjectPickerPage),
  QualityControlPage: clinic((m) => m.QualityControlPage),
  VideoAnalysisPage: clinic((m) => m.VideoAnalysisPage),
  VideoManagementPage: clinic((m) => m.VideoManagementPage),
};

export const ReportPages = {
  AnalysisReportPage: reports((m) => m.AnalysisReportPage),
  ReportGeneratorPage: reports((m) => m.ReportGeneratorPage),
  StoredReportPage: reports((m) => m.StoredReportPage),
};

export const AdminPages = {
  FirstRunSetupPage: admin((m) => m.FirstRunSetupPage),
  LogsPage: admin((m) => m.LogsPage),
  PermissionsPage: admin((m) => m.PermissionsPage),
  ProjectsPage: admin((m) => m.ProjectsPage),
  RolesPage: admin((m) => m.RolesPage),
  SystemSettingsPage: admin((m) => m.SystemSettingsPage),
  UsersPage: admin((m) => m.UsersPage),
};

export const AccountPages = {
  ProfilePage: account((m) => m.ProfilePage),
  SettingsPage: account((m) => m.SettingsPage),
};

export const TechnicalPages = {
  AnnotationManagementPage: technical((m) => m.AnnotationManagementPage),
  ApplyDetectionPage: technical((m) => m.ApplyDetectionPage),
  CreateDatasetWizardPage: technical((m) => m.CreateDatasetWizardPage),
  DataLabelReviewPage: technical((m) => m.DataLabelReviewPage),
  DataLabelsBrowserPage: technical((m) => m.DataLabelsBrowserPage),
  DatasetLabelItemsPage: technical((m) => m.DatasetLabelItemsPage),
  DatasetLabelsPage: technical((m) => m.DatasetLabelsPage),
  DetectionResultsPage: technical((m) => m.DetectionResultsPage),
  EngineAnalysisPage: technical((m) => m.EngineAnalysisPage),
  FrameAnnotationPage: technical((m) => m.FrameAnnotationPage),
  FrameExtractionPage: technical((m) => m.FrameExtractionPage),
  MaskExtractionPage: technical((m) => m.MaskExtractionPage),
  MorphologyLabelPage: technical((m) => m.MorphologyLabelPage),
  MorphologyLabelingPage: technical((m) => m.MorphologyLabelingPage),
  MorphologyLabelsListPage: technical((m) => m.MorphologyLabelsListPage),
  PredictionPage: technical((m) => m.PredictionPage),
  ProjectPickerPage: technical((m) => m.ProjectPickerPage),
  SegmentationToolPage: technical((m) => m.SegmentationToolPage),
  TechnicalDashboardPage: technical((m) => m.TechnicalDashboardPage),
  TechnicalDatasetsPage: technical((m) => m.TechnicalDatasetsPage),
  TechnicalVideosPage: technical((m) => m.TechnicalVideosPage),
  TrainingPage: technical((m) => m.TrainingPage),
};
