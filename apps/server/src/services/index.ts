import type { Clock } from '../clock.js';
import type { Database, DatabaseHandle } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { createAuditLogsRepository } from '../repositories/audit-logs.repository.js';
import { createLoginAttemptsRepository } from '../repositories/login-attempts.repository.js';
import { createNotificationsRepository } from '../repositories/notifications.repository.js';
import { createPasswordResetRepository } from '../repositories/password-reset.repository.js';
import { createAnalysesRepository } from '../repositories/analyses.repository.js';
import { createReportVersionsRepository } from '../repositories/report-versions.repository.js';
import { createAssessmentsRepository } from '../repositories/assessments.repository.js';
import { createAssessmentImagesRepository } from '../repositories/assessment-images.repository.js';
import { createBenchCorrectionsRepository } from '../repositories/bench-corrections.repository.js';
import { createModelsRepository } from '../repositories/models.repository.js';
import { createDetectionsRepository } from '../repositories/detections.repository.js';
import { createDatasetsRepository } from '../repositories/datasets.repository.js';
import { createCalibrationProfilesRepository } from '../repositories/calibration-profiles.repository.js';
import { createVideosRepository } from '../repositories/videos.repository.js';
import { createPatientsRepository } from '../repositories/patients.repository.js';
import { createProjectsRepository } from '../repositories/projects.repository.js';
import { createRolesRepository } from '../repositories/roles.repository.js';
import { createSessionsRepository } from '../repositories/sessions.repository.js';
import { createSignInThrottleRepository } from '../repositories/sign-in-throttle.repository.js';
import { createSystemSettingsRepository } from '../repositories/system-settings.repository.js';
import { createTasksRepository } from '../repositories/tasks.repository.js';
import { createUsersRepository } from '../repositories/users.repository.js';
import { createAdminUsersService } from './admin-users.service.js';
import { createAuditService } from './audit.service.js';
import { createAuthService } from './auth.service.js';
import { createBootstrapService } from './bootstrap.service.js';
import { createCurrentUserService } from './current-user.service.js';
import { createLiveSessionCache } from './live-session-cache.js';
import { createPrincipalCache, VISIBLE_PROJECT_TABLES } from './principal-cache.js';
import { createLoginThrottleService, type ThrottlePolicy } from './login-throttle.service.js';
import { createNotificationsService } from './notifications.service.js';
import { createPasswordResetService } from './password-reset.service.js';
import type { PasswordHasher } from './passwords.js';
import { createProfileService } from './profile.service.js';
import { createProjectAdminService } from './project-admin.service.js';
import { createProjectsService } from './projects.service.js';
import { createRolesService } from './roles.service.js';
import { createSessionService } from './session.service.js';
import { createSystemLogsService } from './system-logs.service.js';
import { createSystemSettingsService } from './system-settings.service.js';

/** One repository per domain, all on the same database. */
export function createRepositories(db: Database) {
  return {
    users: createUsersRepository(db),
    roles: createRolesRepository(db),
    projects: createProjectsRepository(db),
    passwordResets: createPasswordResetRepository(db),
    loginAttempts: createLoginAttemptsRepository(db),
    sessions: createSessionsRepository(db),
    signInThrottle: createSignInThrottleRepository(db),
    systemSettings: createSystemSettingsRepository(db),
    notifications: createNotificationsRepository(db),
    auditLogs: createAuditLogsRepository(db),
    tasks: createTasksRepository(db),
    datasets: createDatasetsRepository(db),
    calibrationProfiles: createCalibrationProfilesRepository(db),
    videos: createVideosRepository(db),
    analyses: createAnalysesRepository(db),
    reportVersions: createReportVersionsRepository(db),
    patients: createPatientsRepository(db),
    detections: createDetectionsRepository(db),
    assessments: createAssessmentsRepository(db),
    assessmentImages: createAssessmentImagesRepository(db),
    /** The technical-side writes of a bench correction, in one transaction. */
    benchCorrections: createBenchCorrectionsRepository(db),
    /** Read by the clinic side for the project's deployed morphology model. */
    models: createModelsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

export interface DomainServiceDependencies {
  readonly repositories: Repositories;
  readonly mailer: Mailer;
  readonly passwords: PasswordHasher;
  readonly clock: Clock;
  readonly jwtSecret: string;
  readonly publicUrl: string;
  readonly throttlePolicy?: ThrottlePolicy;
  readonly onAuditWriteError: (error: unknown) => void;
  /**
   * Writes to the database's tables, this process's and (PostgreSQL) the others', for the
   * principal and live-session caches (no caches without it).
   */
  readonly onWrite?: DatabaseHandle['onWrite'];
}

/** Wires the domain services (everything except the task queue and its service). */
export function createDomainServices(deps: DomainServiceDependencies) {
  const { repositories, clock, passwords } = deps;
  const audit = createAuditService({
    repository: repositories.auditLogs,
    clock,
    onWriteError: deps.onAuditWriteError,
  });
  const settings = createSystemSettingsService({ repository: repositories.systemSettings, clock });
  const sessions = createSessionService({
    secret: deps.jwtSecret,
    clock,
    repository: repositories.sessions,
    liveSessions:
      deps.onWrite === undefined ? undefined : createLiveSessionCache({ onWrite: deps.onWrite }),
  });
  const throttle = createLoginThrottleService({
    attempts: repositories.loginAttempts,
    signIns: repositories.signInThrottle,
    clock,
    policy: deps.throttlePolicy,
  });
  const notifications = createNotificationsService({
    repository: repositories.notifications,
    clock,
  });
  const projects = createProjectsService({
    repository: repositories.projects,
    datasets: repositories.datasets,
  });
  const currentUser = createCurrentUserService({
    users: repositories.users,
    roles: repositories.roles,
    projects,
    principals: createPrincipalCache({ onWrite: deps.onWrite }),
    visibleProjects: createPrincipalCache({
      onWrite: deps.onWrite,
      tables: VISIBLE_PROJECT_TABLES,
    }),
  });
  const auth = createAuthService({
    users: repositories.users,
    roles: repositories.roles,
    passwords,
    sessions,
    throttle,
    settings,
    currentUser,
    audit,
    notifications,
    mailer: deps.mailer,
    clock,
    publicUrl: deps.publicUrl,
  });
  const passwordReset = createPasswordResetService({
    users: repositories.users,
    tokens: repositories.passwordResets,
    passwords,
    sessions,
    throttle,
    settings,
    mailer: deps.mailer,
    audit,
    clock,
    publicUrl: deps.publicUrl,
  });
  const profile = createProfileService({ users: repositories.users, currentUser, audit, clock });
  const bootstrap = createBootstrapService({
    users: repositories.users,
    roles: repositories.roles,
    passwords,
    audit,
    clock,
  });
  const adminUsers = createAdminUsersService({
    users: repositories.users,
    roles: repositories.roles,
    projects: repositories.projects,
    passwords,
    passwordReset,
    sessions,
    audit,
    clock,
  });
  const roles = createRolesService({ roles: repositories.roles, audit, clock });
  const projectAdmin = createProjectAdminService({
    projects: repositories.projects,
    users: repositories.users,
    roles: repositories.roles,
    audit,
    clock,
  });
  const systemLogs = createSystemLogsService({ repository: repositories.auditLogs, clock });
  return {
    adminUsers,
    roles,
    projectAdmin,
    systemLogs,
    audit,
    settings,
    sessions,
    throttle,
    notifications,
    projects,
    currentUser,
    auth,
    passwordReset,
    profile,
    bootstrap,
  };
}
export type DomainServices = ReturnType<typeof createDomainServices>;
