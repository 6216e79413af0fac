import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LoginPage } from '../pages/auth/LoginPage';
import {
  ADMIN_ROUTE_REQUIREMENTS,
  type AdminSection,
  type RouteRequirement,
} from './guardDecision';
import { PublicOnlyRoute, RouteGuard } from './guards';
import {
  AccountPages,
  AdminPages,
  ClinicPages,
  PublicPages,
  ReportPages,
  ShellPages,
  StatusPages,
} from './lazyPages';
import { PageLoadBoundary } from './PageLoadBoundary';
import { LazyOutlet, PageLoading } from './PageLoading';
import { technicalRoutes } from './technicalRoutes';

const VIDEOS_PATH = '/sarm/projects/:projectId/datasets/:datasetId/videos';
const SIGNED_IN: RouteRequirement = { kind: 'signedIn' };
const BUSINESS: RouteRequirement = { kind: 'workflow', workflow: 'business' };
const TECHNICAL: RouteRequirement = { kind: 'workflow', workflow: 'technical' };
const CREATE_DATASETS: RouteRequirement = { kind: 'permission', anyOf: ['create_datasets'] };
const SELECT_FRAMES: RouteRequirement = { kind: 'permission', anyOf: ['select_frames'] };
/** Live capture uploads each field as a video of the sample: the upload permission. */
const RECORD_FIELDS: RouteRequirement = {
  kind: 'permission',
  anyOf: ['manage_videos', 'upload_videos'],
};
const ADMIN_SCREENS: Readonly<Record<AdminSection, ComponentType>> = {
  users: AdminPages.UsersPage,
  roles: AdminPages.RolesPage,
  permissions: AdminPages.PermissionsPage,
  projects: AdminPages.ProjectsPage,
  logs: AdminPages.LogsPage,
  settings: AdminPages.SystemSettingsPage,
};
const {
  AnalysisResultsPage,
  BenchAssessmentsPage,
  BusinessDashboardPage,
  BusinessDatasetsPage,
  DatasetsPage,
  FrameDetectionPage,
  FrameListPage,
  FrameSelectionGridPage,
  FrameSelectionPage,
  LiveCapturePage,
  LiveSamplePickerPage,
  PatientsPage,
  ProjectPickerPage,
  QualityControlPage,
  VideoAnalysisPage,
  VideoManagementPage,
} = ClinicPages;
const { AnalysisReportPage, ReportGeneratorPage, StoredReportPage } = ReportPages;
const { ProfilePage, SettingsPage } = AccountPages;
const { AppLayout, DashboardRedirect } = ShellPages;
const { ForgotPasswordPage, RegisterPage, ResetPasswordPage } = PublicPages;
const { AccountInactivePage, IncompleteProfilePage, NotFoundPage, UnauthorizedPage } = StatusPages;
const ADMIN_SECTIONS = Object.keys(ADMIN_ROUTE_REQUIREMENTS).filter(
  (key): key is AdminSection => key in ADMIN_SCREENS,
);

function AdminScreen({ section }: { readonly section: AdminSection }) {
  const Screen = ADMIN_SCREENS[section];
  return <Screen />;
}

/**
 * Route table of spec 1 §2 and spec 3 §2. Screens of later issues are routed through their guards
 * already and show the not-found page until they exist.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Everything but the sign-in page loads lazily; the shell's boundary covers the whole screen.
    <PageLoadBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading fullScreen />}>
        <Routes>
          <Route element={<PublicOnlyRoute />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          </Route>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
          <Route path="/account-inactive" element={<AccountInactivePage />} />
          <Route path="/incomplete-profile" element={<IncompleteProfilePage />} />

          <Route element={<RouteGuard requirement={SIGNED_IN} />}>
            <Route element={<AppLayout />}>
              {/* Pages load lazily below the layout, so the navigation stays while one loads. */}
              <Route element={<LazyOutlet />}>
                <Route path="/" element={<Navigate to="/dashboard" replace />} />
                <Route path="/dashboard" element={<DashboardRedirect />} />
                <Route path="/profile" element={<ProfilePage />} />
                <Route path="/settings" element={<SettingsPage />} />
                <Route element={<RouteGuard requirement={ADMIN_ROUTE_REQUIREMENTS.projects} />}>
                  <Route path="/setup" element={<AdminPages.FirstRunSetupPage />} />
                </Route>

                <Route path="/admin" element={<Navigate to="/admin/users" replace />} />
                {ADMIN_SECTIONS.map((section) => (
                  <Route
                    key={section}
                    element={<RouteGuard requirement={ADMIN_ROUTE_REQUIREMENTS[section]} />}
                  >
                    <Route path={`/admin/${section}`} element={<AdminScreen section={section} />} />
                    <Route path={`/admin/${section}/*`} element={<NotFoundPage />} />
                  </Route>
                ))}
                <Route path="/admin/*" element={<NotFoundPage />} />

                <Route element={<RouteGuard requirement={BUSINESS} />}>
                  <Route path="/sarm" element={<Navigate to="/sarm/dashboard" replace />} />
                  <Route path="/sarm/dashboard" element={<BusinessDashboardPage />} />
                  <Route path="/sarm/patients" element={<PatientsPage />} />
                  <Route path="/sarm/projects" element={<ProjectPickerPage />} />
                  <Route path="/sarm/videos" element={<Navigate to="/sarm/projects" replace />} />
                  <Route path="/sarm/projects/:projectId/datasets" element={<DatasetsPage />} />
                  <Route path={VIDEOS_PATH} element={<VideoManagementPage />} />
                  <Route path={`${VIDEOS_PATH}/:videoId/frames`} element={<FrameListPage />} />
                  <Route path="/sarm/frames" element={<FrameSelectionGridPage />} />
                  <Route path="/sarm/frames/:videoId" element={<FrameSelectionPage />} />
                  <Route path="/sarm/frame-detection/:frameId" element={<FrameDetectionPage />} />
                  <Route
                    path="/sarm/projects/:projectId/datasets/:datasetId/frame-detection/:frameId"
                    element={<FrameDetectionPage />}
                  />
                  <Route
                    path="/sarm/datasets/:datasetId/videos"
                    element={<VideoManagementPage />}
                  />
                  <Route element={<RouteGuard requirement={CREATE_DATASETS} />}>
                    <Route path="/sarm/datasets" element={<BusinessDatasetsPage />} />
                    <Route path="/business/datasets" element={<BusinessDatasetsPage />} />
                  </Route>
                  <Route element={<RouteGuard requirement={SELECT_FRAMES} />}>
                    <Route
                      path="/sarm/annotation/detection/frame"
                      element={<FrameDetectionPage />}
                    />
                  </Route>
                  <Route path="/sarm/reports/analysis" element={<AnalysisReportPage />} />
                  <Route path="/sarm/results" element={<AnalysisResultsPage />} />
                  <Route path="/sarm/reports/view/:datasetId" element={<StoredReportPage />} />
                  <Route path="/sarm/reports" element={<ReportGeneratorPage />} />
                  <Route path="/sarm/quality-control" element={<QualityControlPage />} />
                  <Route
                    path="/sarm/samples/:datasetId/assessments"
                    element={<BenchAssessmentsPage />}
                  />
                  <Route element={<RouteGuard requirement={RECORD_FIELDS} />}>
                    <Route path="/sarm/samples/:datasetId/live" element={<LiveCapturePage />} />
                    <Route path="/sarm/live" element={<LiveSamplePickerPage />} />
                  </Route>
                  <Route path="/sarm/analysis/:videoId" element={<VideoAnalysisPage />} />
                  <Route path="/sarm/video/:videoId" element={<VideoAnalysisPage />} />
                  <Route path="/sarm/video-detail" element={<VideoAnalysisPage />} />
                  <Route path="/sarm/*" element={<NotFoundPage />} />
                  <Route path="/business" element={<Navigate to="/sarm/dashboard" replace />} />
                  <Route
                    path="/business/videos"
                    element={<Navigate to="/sarm/projects" replace />}
                  />
                  <Route
                    path="/business/datasets/:datasetId/videos"
                    element={<VideoManagementPage />}
                  />
                  <Route
                    path="/business/datasets/:datasetId/frames"
                    element={<FrameSelectionGridPage />}
                  />
                  <Route
                    path="/business/datasets/:datasetId/reports"
                    element={<StoredReportPage />}
                  />
                  <Route path="/business/frames/:videoId" element={<FrameSelectionPage />} />
                  <Route path="/business/analysis" element={<AnalysisResultsPage />} />
                  <Route path="/business/video-detail" element={<VideoAnalysisPage />} />
                  <Route path="/business/patients" element={<PatientsPage />} />
                  <Route path="/business/reports" element={<ReportGeneratorPage />} />
                  <Route
                    path="/business/samples/:datasetId/assessments"
                    element={<BenchAssessmentsPage />}
                  />
                  <Route element={<RouteGuard requirement={RECORD_FIELDS} />}>
                    <Route path="/business/samples/:datasetId/live" element={<LiveCapturePage />} />
                  </Route>
                  <Route path="/business/*" element={<NotFoundPage />} />
                </Route>

                <Route element={<RouteGuard requirement={TECHNICAL} />}>{technicalRoutes()}</Route>
              </Route>
            </Route>
          </Route>

          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </PageLoadBoundary>
  );
}
