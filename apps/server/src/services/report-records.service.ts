import {
  FHIR_EXPORT_NEEDS_SIGNATURE,
  type FhirReportBundle,
  type ReportLetterhead,
} from '@sarm/contracts';
import type { Clock } from '../clock.js';
import { conflict } from '../http/errors.js';
import type { AuthContext } from './access.js';
import type { AnalysisService } from './analysis.service.js';
import type { AuditService } from './audit.service.js';
import { buildFhirBundle } from './fhir-report.js';
import type { SystemSettingsService } from './system-settings.service.js';

/**
 * What turns a report version into a record for others: the laboratory letterhead of the PDF and
 * the FHIR export for a laboratory information system.
 */
export function createReportRecordsService(deps: {
  settings: Pick<SystemSettingsService, 'get'>;
  analysis: Pick<AnalysisService, 'report'>;
  audit: AuditService;
  clock: Clock;
  /** The server build's version (package.json), printed under Method. */
  softwareVersion: () => Promise<string>;
}) {
  /** The laboratory identity of the system settings, readable by whoever may read reports. */
  async function letterhead(): Promise<ReportLetterhead> {
    const { general } = await deps.settings.get();
    return {
      name: general.laboratoryName,
      address: general.laboratoryAddress,
      phone: general.laboratoryPhone,
      accreditation: general.laboratoryAccreditation,
      logo: general.laboratoryLogo,
      software: { name: 'SARM', version: await deps.softwareVersion() },
    };
  }

  /** The FHIR bundle of a signed version (latest when absent): 409 for an unsigned one. */
  async function fhirExport(
    auth: AuthContext,
    datasetId: string,
    version: number | undefined,
  ): Promise<FhirReportBundle> {
    const report = await deps.analysis.report(auth, datasetId, version);
    if (!report.report_version.signed) throw conflict(FHIR_EXPORT_NEEDS_SIGNATURE);
    const bundle = buildFhirBundle(report, report.sample, deps.clock.now());
    await deps.audit.record({
      type: 'data',
      severity: 'info',
      message: `WHO report of sample "${report.dataset_name}" version ${report.report_version.version} exported as FHIR`,
      actor: auth.user,
      resource: { id: datasetId, type: 'dataset_report' },
    });
    return bundle;
  }

  return { letterhead, fhirExport };
}
export type ReportRecordsService = ReturnType<typeof createReportRecordsService>;
