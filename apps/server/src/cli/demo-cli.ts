/** `npm run demo`: makes the demo sample on a running server over HTTP and prints its report URL. */
import { DemoStatusResponseSchema, LoginResponseSchema, type Demo } from '@sarm/contracts';
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run demo -- [--url URL] [--email EMAIL] [--password PASSWORD]

Makes the demo sample (five simulated videos analysed into a report) on a running SARM server
and prints the report's address. The same as "Try the demo sample" on the empty dashboard.
  --url       the server (default SARM_URL or http://localhost:3000)
  --email     an administrator's e-mail (default SARM_ADMIN_EMAIL)
  --password  their password (default SARM_ADMIN_PASSWORD)
  --delete    delete the demo sample and everything it made instead`;

class UsageError extends Error {}

/** The JSON of a response, or an error naming the status and the server's message. */
async function jsonOf(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const message =
    typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '';
  throw new Error(`${response.status} ${response.statusText} ${message}`.trim());
}

function readOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      delete: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const url = (values.url ?? process.env.SARM_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const email = values.email ?? process.env.SARM_ADMIN_EMAIL;
  const password = values.password ?? process.env.SARM_ADMIN_PASSWORD;
  if (values.help) return null;
  if (email === undefined || password === undefined)
    throw new UsageError('An administrator e-mail and password are needed');
  return { url, email, password, remove: values.delete };
}

const line = (demo: Demo) =>
  `${Math.round(demo.progress * 100)
    .toString()
    .padStart(3)} %  ${demo.state.padEnd(9)} ${demo.message}`;

async function run(argv: string[]): Promise<number> {
  const options = readOptions(argv);
  if (options === null) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const api = `${options.url}/api`;
  const login = LoginResponseSchema.parse(
    await jsonOf(
      await fetch(`${api}/sarm/auth/login-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: options.email, password: options.password }),
      }),
    ),
  );
  const headers = { authorization: `Bearer ${login.access_token}` };
  if (options.remove) {
    await jsonOf(await fetch(`${api}/sarm/demo`, { method: 'DELETE', headers }));
    process.stdout.write('Demo sample deleted\n');
    return 0;
  }
  let { demo } = DemoStatusResponseSchema.parse(
    await jsonOf(await fetch(`${api}/sarm/demo`, { method: 'POST', headers })),
  );
  let printed = '';
  while (demo !== null && (demo.state === 'creating' || demo.state === 'analysing')) {
    if (line(demo) !== printed) process.stderr.write(`${(printed = line(demo))}\n`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    ({ demo } = DemoStatusResponseSchema.parse(
      await jsonOf(await fetch(`${api}/sarm/demo`, { headers })),
    ));
  }
  if (demo === null) throw new Error('The demo sample was deleted while it was being made');
  if (demo.state === 'failed') throw new Error(demo.message);
  process.stderr.write(`${line(demo)}\n`);
  process.stdout.write(`${options.url}/sarm/reports/view/${demo.datasetId ?? ''}\n`);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`demo: ${message}\n`);
    if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
