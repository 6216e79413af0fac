import { SYSTEM_ADMIN_ROLE, SYSTEM_ROLES } from '@sarm/contracts';
import type { Clock } from '../clock.js';
import type { RolesRepository } from '../repositories/roles.repository.js';
import type { UsersRepository } from '../repositories/users.repository.js';
import type { AuditService } from './audit.service.js';
import { generatePassword, type PasswordHasher } from './passwords.js';

/** What `ensureAdministrator` did. The password is only present when an account was created. */
export type AdministratorOutcome =
  | { readonly kind: 'exists' }
  | { readonly kind: 'promoted'; readonly email: string }
  | {
      readonly kind: 'created';
      readonly email: string;
      readonly password: string;
      readonly generated: boolean;
    };

/** First-start work: system roles and the first administrator. */
export function createBootstrapService(deps: {
  users: UsersRepository;
  roles: RolesRepository;
  passwords: PasswordHasher;
  audit: AuditService;
  clock: Clock;
}) {
  /** Creates or updates every role of `SYSTEM_ROLES`, replacing their permission lists. Idempotent. */
  async function seedSystemRoles(): Promise<void> {
    for (const definition of SYSTEM_ROLES)
      await deps.roles.upsertSystemRole(definition, deps.clock.now());
  }

  /**
   * When no user holds `system_admin`, makes `email` an administrator: an existing account is
   * promoted; otherwise an account is created with `password` or a generated one.
   */
  async function ensureAdministrator(
    email: string,
    password: string | null,
  ): Promise<AdministratorOutcome> {
    const adminRole = await deps.roles.findByCode(SYSTEM_ADMIN_ROLE);
    if (adminRole === undefined)
      throw new Error('System roles must be seeded before the administrator');
    if ((await deps.roles.userIdsWithRoles([adminRole.id])).length > 0) return { kind: 'exists' };

    const existing = await deps.users.findByEmail(email);
    if (existing !== undefined) {
      await deps.roles.assignRole(existing.id, adminRole.id);
      return { kind: 'promoted', email: existing.email };
    }
    const chosenPassword = password ?? generatePassword(16);
    const created = await deps.users.insert({
      email,
      displayName: 'Administrator',
      passwordHash: await deps.passwords.hash(chosenPassword),
    });
    if (created === undefined) return { kind: 'exists' };
    await deps.roles.assignRole(created.id, adminRole.id);
    await deps.audit.record({
      type: 'system',
      severity: 'info',
      message: 'Administrator account created on first start',
      actor: { id: created.id, displayName: created.displayName, email: created.email },
      resource: { id: created.id, type: 'user' },
    });
    return {
      kind: 'created',
      email: created.email,
      password: chosenPassword,
      generated: password === null,
    };
  }

  return { seedSystemRoles, ensureAdministrator };
}
export type BootstrapService = ReturnType<typeof createBootstrapService>;

/** The one-time notice printed when the administrator is created. */
export function formatAdministratorNotice(
  outcome: Extract<AdministratorOutcome, { kind: 'created' }>,
): string {
  const lines = [
    'Administrator created',
    `  email:    ${outcome.email}`,
    `  password: ${outcome.generated ? outcome.password : '(as set in ADMIN_PASSWORD)'}`,
    outcome.generated
      ? 'This password is shown only once. Sign in and change it.'
      : 'Sign in and change it.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border].join('\n');
}
