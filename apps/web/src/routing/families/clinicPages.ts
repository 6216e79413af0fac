// The clinic (business) workflow's screens: one lazily loaded chunk, fetched on the first clinic page.
export { VideoAnalysisPage } from '../../pages/analysis/VideoAnalysisPage';
export { AnalysisResultsPage } from '../../pages/clinical/AnalysisResultsPage';
export { BusinessDatasetsPage } from '../../pages/clinical/BusinessDatasetsPage';
export { DatasetsPage } from '../../pages/clinical/DatasetsPage';
export { FrameDetectionPage } from '../../pages/clinical/FrameDetectionPage';
export { FrameListPage } from '../../pages/clinical/FrameListPage';
export { FrameSelectionGridPage } from '../../pages/clinical/FrameSelectionGridPage';
export { FrameSelectionPage } from '../../pages/clinical/FrameSelectionPage';
export { PatientsPage } from '../../pages/clinical/PatientsPage';
export { ProjectPickerPage } from '../../pages/clinical/ProjectPickerPage';
export { VideoManagementPage } from '../../pages/clinical/VideoManagementPage';
export { BenchAssessmentsPage } from '../../pages/clinical/assessments/BenchAssessmentsPage';
export { LiveCapturePage } from '../../pages/clinical/live/LiveCapturePage';
export { LiveSamplePickerPage } from '../../pages/clinical/live/LiveSamplePickerPage';
export { QualityControlPage } from '../../pages/clinical/quality-control/QualityControlPage';
export { BusinessDashboardPage } from '../../pages/dashboard/BusinessDashboardPage';
