import { SYSTEM_ADMIN_ROLE } from '@sarm/contracts';
import type { ServerContext } from '../context.js';

/**
 * `SARM_DEMO=1`: makes the demo sample at start-up, as the configured administrator (or, when
 * that account is gone, the first holder of the administrator role). Answers what it did; the
 * build goes on in the background like a button press.
 */
export async function startDemoAtLaunch(
  context: ServerContext,
  adminEmail: string,
): Promise<string> {
  const { users, roles } = context.repositories;
  const configured = await users.findByEmail(adminEmail);
  const adminRole = await roles.findByCode(SYSTEM_ADMIN_ROLE);
  const [firstAdmin] = adminRole === undefined ? [] : await roles.userIdsWithRoles([adminRole.id]);
  const userId = configured?.id ?? firstAdmin;
  const auth =
    userId === undefined ? undefined : await context.services.currentUser.loadAuthContext(userId);
  if (auth === undefined || !auth.isAdmin)
    return 'SARM_DEMO: no administrator to make the demo sample as';
  const { demo } = await context.services.demo.create(auth);
  return demo === null
    ? 'SARM_DEMO: the demo sample could not be started'
    : `SARM_DEMO: making the demo sample (GET /api/sarm/demo tells how far it is)`;
}
