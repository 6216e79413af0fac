import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import { tablesReadBy } from '../db/sql-tables.js';
import type { TableVersions } from '../db/table-versions.js';
import { SESSION_TABLES } from '../services/live-session-cache.js';
import { VISIBLE_PROJECT_TABLES } from '../services/principal-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep this GET route's 200 answers per signed-in user and URL until a table the answer was
     * read from is written (see `response-cache.ts`). Only for routes whose answer is the JSON
     * body alone, read through Drizzle alone: no files, no pg-boss tables, no in-memory state.
     */
    responseCache?: boolean;
  }
}

/**
 * How long an answer may be served. Writes make it stale at once: those of this process when
 * they are sent, those of other processes (PostgreSQL) when the database announces them
 * (`db/write-notices.ts`). The bound only ages what a request computes from the clock rather
 * than from the tables (media-token links, "n minutes ago").
 */
export const RESPONSE_TTL_MS = 10_000;
/**
 * How long a request waits for another one computing the same answer (after a write, 50 clients
 * asking for one list would otherwise all run its queries at once) before computing it itself.
 */
const IN_FLIGHT_WAIT_MS = 1_000;
/** Beyond this many entries the oldest is dropped. */
const MAX_ENTRIES = 2_000;
/** Larger answers are not kept: they would crowd out many small ones. */
const MAX_PAYLOAD_CHARS = 1_000_000;
/**
 * Every answer depends on the principal (roles, permissions, visible projects) and the session,
 * even when they came from a cache without a query.
 */
const PRINCIPAL_DEPENDENCIES: readonly string[] = [...VISIBLE_PROJECT_TABLES, ...SESSION_TABLES];

/** What one request did to the database, followed through AsyncLocalStorage. */
interface RequestActivity {
  /**
   * The write counter when the request arrived, before it was authenticated; moved to when its
   * handler starts computing the answer while the principal's tables are unchanged.
   */
  startedAt: number;
  /** Tables named by its reads; `null` when its answer cannot be cached (reads not parsed). */
  readonly reads: Set<string> | null;
  readonly writes: Set<string>;
  writesUnknownTables: boolean;
  /** The entry key once the request proved cacheable (bearer-authorised GET of an opted-in route). */
  key: string | null;
  hit: boolean;
  finished: boolean;
  /** The request is the one computing its key's answer (others wait for it, see `inFlight`). */
  computing: boolean;
  settle: () => void;
}

interface Entry {
  /** The answer's bytes: a hit is sent as is, not encoded again. */
  readonly payload: Buffer;
  readonly contentType: string;
  readonly dependsOn: readonly string[];
  /** Valid while no table of `dependsOn` has a version above this. */
  readonly seenAt: number;
  readonly expiresAt: number;
}

/** The entry key of a request that may use the cache, else `null`. */
function cacheKeyOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET' || request.routeOptions.config.responseCache !== true) return null;
  // Bearer-authorised only: a media-token answer is bound to one file, a public one to nobody.
  if (request.auth === null || request.sessionId === null || request.mediaTokenKey !== null)
    return null;
  return `${request.auth.user.id}\n${request.url}`;
}

/**
 * The response cache of opted-in GET routes (`config: { responseCache: true }`): a repeated read
 * costs a map lookup instead of its queries.
 *
 * - Key: the signed-in user, method and full URL (path and query string).
 * - Validity: each entry lists the tables its request read (parsed from every statement sent
 *   while the request ran, plus the principal and session tables) and the write counter when
 *   the request arrived; it is served while none of those tables has been written since, and for
 *   at most {@link RESPONSE_TTL_MS}. A write during the request leaves nothing stored.
 * - This process's writes are counted when sent, before they run. On PGlite one connection runs
 *   one transaction at a time, so a read that starts after the count sees the committed rows. On
 *   PostgreSQL a read may still see the rows before commit: the database announces every write
 *   once committed (`db/write-notices.ts`, which also brings other processes' writes), and a
 *   request's written tables are counted again when it ends, so its client reads its own writes.
 * - Hits are served in `preHandler`, after the access hook authenticated the caller and checked
 *   the route's permission: a hit never skips authorisation.
 *
 * Install it before the access hook, so the write counter is read before the principal is.
 */
export function installResponseCache(
  app: FastifyInstance,
  deps: {
    readonly versions: TableVersions;
    readonly nowMs?: () => number;
  },
): void {
  const { versions } = deps;
  const nowMs = deps.nowMs ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const activities = new WeakMap<FastifyRequest, RequestActivity>();
  const storage = new AsyncLocalStorage<RequestActivity>();
  /** Keys whose answer a request is computing now, settled when it has answered. */
  const inFlight = new Map<string, Promise<void>>();

  const stopListening = versions.onQuery((sql, effect) => {
    const activity = storage.getStore();
    if (activity === undefined || activity.finished) return;
    if (effect.kind === 'tables') for (const table of effect.tables) activity.writes.add(table);
    else if (effect.kind === 'all') activity.writesUnknownTables = true;
    if (activity.reads !== null) for (const table of tablesReadBy(sql)) activity.reads.add(table);
  });
  app.addHook('onClose', (_instance, done) => {
    stopListening();
    done();
  });

  const isFresh = (entry: Entry) =>
    entry.expiresAt > nowMs() &&
    entry.dependsOn.every((table) => versions.versionOf(table) <= entry.seenAt);

  app.addHook('onRequest', (request, _reply, done) => {
    const mayCache = request.method === 'GET' && request.routeOptions.config.responseCache === true;
    const activity: RequestActivity = {
      startedAt: versions.now(),
      reads: mayCache ? new Set(PRINCIPAL_DEPENDENCIES) : null,
      writes: new Set(),
      writesUnknownTables: false,
      key: null,
      hit: false,
      finished: false,
      computing: false,
      settle: () => undefined,
    };
    activities.set(request, activity);
    storage.run(activity, done);
  });

  /** The fresh entry of `key`, dropping a stale one. */
  const freshEntry = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined || isFresh(entry)) return entry;
    entries.delete(key);
    return undefined;
  };

  // Entered again: reading a request body can lose the asynchronous context of `onRequest`.
  app.addHook('preHandler', (request, reply, done) => {
    const activity = activities.get(request);
    if (activity === undefined) return done();
    void storage.run(activity, async () => {
      const key = cacheKeyOf(request);
      activity.key = key;
      if (key === null) return done();
      let entry = freshEntry(key);
      // Another request is computing this answer: wait for it rather than run the same queries.
      // When its answer could not be kept (a table it read was written meanwhile), the first
      // waiter to look again computes it anew and the others wait for that one, up to the limit.
      const waitEnds = nowMs() + IN_FLIGHT_WAIT_MS;
      for (
        let computing = inFlight.get(key);
        entry === undefined && computing !== undefined && nowMs() < waitEnds;
        computing = inFlight.get(key)
      ) {
        const left = Math.max(1, waitEnds - nowMs());
        await Promise.race([computing, delay(left, undefined, { ref: false })]);
        entry = freshEntry(key);
      }
      if (entry === undefined) {
        // Only the caller's principal has been read so far: while its tables are unchanged, the
        // answer computed from here on is as fresh as now (a waiter's wait does not count).
        if (
          PRINCIPAL_DEPENDENCIES.every((table) => versions.versionOf(table) <= activity.startedAt)
        )
          activity.startedAt = versions.now();
        if (!inFlight.has(key)) {
          activity.computing = true;
          inFlight.set(key, new Promise((resolve) => (activity.settle = resolve)));
        }
        return done();
      }
      activity.hit = true;
      void reply.header('x-cache', 'hit').type(entry.contentType).send(entry.payload);
    });
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const activity = activities.get(request);
    if (activity === undefined || activity.key === null || activity.hit) return done(null, payload);
    void reply.header('x-cache', 'miss');
    const contentType = reply.getHeader('content-type');
    if (
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      payload.length <= MAX_PAYLOAD_CHARS &&
      typeof contentType === 'string' &&
      activity.reads !== null
    ) {
      const entry: Entry = {
        payload: Buffer.from(payload),
        contentType,
        dependsOn: [...activity.reads],
        seenAt: activity.startedAt,
        expiresAt: nowMs() + RESPONSE_TTL_MS,
      };
      // A write since the request arrived may be missing from what it read.
      if (isFresh(entry)) {
        entries.delete(activity.key);
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(activity.key, entry);
      }
    }
    done(null, payload);
  });

  /** Ends a request's computation of its key: requests waiting for it look again. */
  const settle = (activity: RequestActivity | undefined) => {
    if (activity?.computing !== true || activity.key === null) return;
    activity.computing = false;
    inFlight.delete(activity.key);
    activity.settle();
  };
  app.addHook('onRequestAbort', (request, done) => {
    settle(activities.get(request));
    done();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    const activity = activities.get(request);
    settle(activity);
    if (activity !== undefined) {
      activity.finished = true;
      // The writes have committed by now: reads that ran before the commit become stale.
      if (activity.writesUnknownTables) versions.bumpAll();
      else if (activity.writes.size > 0) versions.bump(activity.writes);
    }
    done();
  });
}
