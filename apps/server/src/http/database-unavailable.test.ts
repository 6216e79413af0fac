import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseOutage } from '../db/database-availability.js';
import { DATABASE_RETRY_AFTER_SECONDS, handleError, MESSAGES, toApiError } from './errors.js';

/** A driver error the way node-postgres builds one from the server's ErrorResponse. */
function postgresError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  error.severity = 'FATAL';
  return error;
}

const systemError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

/** Drizzle wraps every driver error in its own, which names the query. */
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select "id" from "patients" where "id" = $1', ['p1'], cause);

const UNAVAILABLE: Record<string, Error> = {
  'connection refused': systemError('ECONNREFUSED'),
  'connection reset': systemError('ECONNRESET'),
  'refused on IPv4 and IPv6 (AggregateError)': Object.assign(
    new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')], ''),
    { code: 'ECONNREFUSED' },
  ),
  'refused inside AggregateError without its own code': new AggregateError(
    [systemError('ECONNREFUSED')],
    '',
  ),
  '57P01 admin_shutdown': postgresError(
    '57P01',
    'terminating connection due to administrator command',
  ),
  '57P03 cannot_connect_now': postgresError('57P03', 'the database system is shutting down'),
  '08006 connection_failure': postgresError('08006', 'connection failure'),
  '08001 unable to establish': postgresError('08001', 'could not connect to server'),
  'pool: Connection terminated unexpectedly': new Error('Connection terminated unexpectedly'),
  'pool: Connection terminated': new Error('Connection terminated'),
  'client connect timeout': new Error('Connection terminated due to connection timeout'),
  'pool acquire timeout': new Error('timeout exceeded when trying to connect'),
  'client broken earlier': new Error(
    'Client has encountered a connection error and is not queryable',
  ),
  'Drizzle-wrapped 57P01': wrapped(
    postgresError('57P01', 'terminating connection due to administrator command'),
  ),
  'Drizzle-wrapped Connection terminated': wrapped(new Error('Connection terminated unexpectedly')),
};

const NOT_UNAVAILABLE: Record<string, Error> = {
  'syntax error 42601': postgresError('42601', 'syntax error at or near "selec"'),
  'unique violation 23505': wrapped(
    postgresError('23505', 'duplicate key value violates unique constraint "patients_pkey"'),
  ),
  'missing table 42P01': wrapped(postgresError('42P01', 'relation "patients" does not exist')),
  'a plain bug': new TypeError("Cannot read properties of undefined (reading 'id')"),
  'a missing file': systemError('ENOENT'),
};

describe('toApiError for an unreachable database', () => {
  it.each(Object.entries(UNAVAILABLE))('answers 503 for %s', (_kind, error) => {
    expect(toApiError(error)).toEqual({ statusCode: 503, message: MESSAGES.databaseUnavailable });
  });

  it.each(Object.entries(NOT_UNAVAILABLE))('does not answer 503 for %s', (_kind, error) => {
    expect(toApiError(error).statusCode).not.toBe(503);
  });
});

describe('handleError for an unreachable database', () => {
  const lines: { level: number; msg: string }[] = [];
  let app: FastifyInstance;
  let failure: Error = new Error('unset');

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          const parsed: unknown = JSON.parse(line);
          if (typeof parsed === 'object' && parsed !== null && 'level' in parsed && 'msg' in parsed)
            lines.push({ level: Number(parsed.level), msg: String(parsed.msg) });
        }
        done();
      },
    });
    const logger: FastifyBaseLogger = pino({ level: 'warn' }, stream);
    app = Fastify({ loggerInstance: logger });
    app.setErrorHandler(async (error, request, reply) => handleError(error, request, reply));
    app.get('/patients', () => {
      throw failure;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    databaseOutage.reportAvailable({ warn: () => undefined, info: () => undefined });
    lines.length = 0;
  });

  it('answers 503 with Retry-After, and warns once for an outage of many requests', async () => {
    const errors = Object.values(UNAVAILABLE);
    for (const error of errors) {
      failure = error;
      const response = await app.inject({ method: 'GET', url: '/patients' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({ statusCode: 503, message: MESSAGES.databaseUnavailable });
      expect(response.body).not.toMatch(/select|patients|5432/i);
    }
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/database is unavailable/);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('still answers a query error with 500 and logs it as an error', async () => {
    failure = NOT_UNAVAILABLE['unique violation 23505'] ?? new Error('missing fixture');
    const response = await app.inject({ method: 'GET', url: '/patients' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(lines.filter((line) => line.level >= 50)).toHaveLength(1);
  });
});
