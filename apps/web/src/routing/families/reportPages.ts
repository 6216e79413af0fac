// The report screens: their own chunk, so the clinic pages do not carry the report layout.
export { AnalysisReportPage } from '../../pages/reports/AnalysisReportPage';
export { StoredReportPage } from '../../pages/reports/StoredReportPage';
export { ReportGeneratorPage } from '../../pages/reports/generator/ReportGeneratorPage';
