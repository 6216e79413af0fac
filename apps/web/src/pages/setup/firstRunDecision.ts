import type { CurrentUser } from '@sarm/contracts';
import { meetsRequirement } from '../../routing/guardDecision';

/** What is known of one fact the decision needs, as a query reports it. */
export type Fact<T> =
  | { readonly state: 'pending' }
  | { readonly state: 'failed' }
  | { readonly state: 'known'; readonly value: T };

export interface FirstRunFacts {
  /** The user may manage projects and system settings (where the setup state is kept). */
  readonly mayRunSetup: boolean;
  /** How many projects the user belongs to. */
  readonly projectCount: Fact<number>;
  /** When setup was finished or skipped, null if never. */
  readonly setupCompletedAt: Fact<string | null>;
}

/** `setup`: send the user to /setup; `stay`: show what they asked for; `pending`: wait. */
export type FirstRunDecision = 'setup' | 'stay' | 'pending';

/**
 * Whether the user may be led through first-run setup: it creates projects and it records its
 * state in the system settings, so both permissions are needed.
 */
export function mayRunFirstRunSetup(user: CurrentUser | null): boolean {
  if (user === null) return false;
  return (
    meetsRequirement(user, { kind: 'permission', anyOf: ['manage_projects'] }) &&
    meetsRequirement(user, { kind: 'permission', anyOf: ['manage_system_settings'] })
  );
}

/**
 * First run (issue 32): an administrator who belongs to no project and has not finished or
 * skipped setup is led to /setup. A failed look-up never blocks the page the user asked for.
 */
export function decideFirstRun(facts: FirstRunFacts): FirstRunDecision {
  if (!facts.mayRunSetup) return 'stay';
  const { projectCount, setupCompletedAt } = facts;
  if (projectCount.state === 'pending') return 'pending';
  if (projectCount.state === 'failed' || projectCount.value > 0) return 'stay';
  switch (setupCompletedAt.state) {
    case 'pending':
      return 'pending';
    case 'failed':
      return 'stay';
    case 'known':
      return setupCompletedAt.value === null ? 'setup' : 'stay';
  }
}
