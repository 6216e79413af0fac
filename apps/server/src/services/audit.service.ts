import type { Clock } from '../clock.js';
import type { AuditSeverity, AuditType } from '../db/schema/index.js';
import type { AuditLogsRepository } from '../repositories/audit-logs.repository.js';

/** Who did it and from where, taken from the request. */
export interface RequestOrigin {
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
}

export interface AuditActor {
  readonly id: string;
  readonly displayName: string;
  readonly email: string;
}

export interface AuditEntry {
  readonly type: AuditType;
  readonly severity: AuditSeverity;
  readonly message: string;
  readonly actor?: AuditActor | null;
  /** E-mail typed by an unknown or failed actor (e.g. a failed sign-in). */
  readonly attemptedEmail?: string;
  /** `id` may be null when the action concerns a kind of resource rather than one of them. */
  readonly resource?: { readonly id: string | null; readonly type: string };
  readonly origin?: RequestOrigin;
}

/** Writes audit trail entries; a failure to write is logged, never thrown at the caller. */
export function createAuditService(deps: {
  repository: AuditLogsRepository;
  clock: Clock;
  onWriteError: (error: unknown) => void;
}) {
  async function record(entry: AuditEntry): Promise<void> {
    try {
      await deps.repository.insert({
        timestamp: deps.clock.now(),
        type: entry.type,
        severity: entry.severity,
        message: entry.message,
        userId: entry.actor?.id ?? null,
        userName: entry.actor?.displayName ?? null,
        userEmail: entry.actor?.email ?? entry.attemptedEmail ?? null,
        resourceId: entry.resource?.id ?? null,
        resourceType: entry.resource?.type ?? null,
        ipAddress: entry.origin?.ipAddress ?? null,
        userAgent: entry.origin?.userAgent ?? null,
      });
    } catch (error) {
      deps.onWriteError(error);
    }
  }
  return { record };
}
export type AuditService = ReturnType<typeof createAuditService>;

/** The audit actor of a user row or auth context user. */
export const actorOf = (user: AuditActor): AuditActor => ({
  id: user.id,
  displayName: user.displayName,
  email: user.email,
});
