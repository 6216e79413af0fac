import pg from 'pg';

/** The channel every table write of the platform is announced on (PostgreSQL only). */
const CHANNEL = 'sarm_table_writes';
/** Waits before listening again after the connection was lost. */
const RECONNECT_DELAYS_MS = [200, 1_000, 5_000] as const;

/**
 * Makes PostgreSQL announce every committed write: a statement-level trigger on each table of the
 * `public` schema sends the table's name with `pg_notify`. Notifications are transactional, so
 * listeners hear of a write once it is visible, whichever process made it (API, workers, a backup
 * restore) and whatever made it (cascading deletes fire the child tables' triggers). Run at every
 * start, after the migrations, so tables added by later migrations get their trigger too.
 */
export const INSTALL_WRITE_NOTICES_SQL = `
CREATE OR REPLACE FUNCTION sarm_notify_table_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANNEL}', TG_TABLE_NAME);
  RETURN NULL;
END $$;
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (
        SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'sarm_notify_table_write')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER sarm_notify_table_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION sarm_notify_table_write()', t.relname);
  END LOOP;
END $$;
`;

/** What a listener is told. */
export interface WriteNoticeHandlers {
  /** Another process (or this one) committed a write to `table`. */
  readonly onTableWritten: (table: string) => void;
  /**
   * Notices may have been missed: the connection was lost, or it has just been made again.
   * Whatever was cached from the database may be stale.
   */
  readonly onNoticesMissed: () => void;
}

/**
 * Listens to the write announcements on a connection of its own, connecting again after a loss
 * (and reporting the gap, when notices could not be heard). `ready` settles once listening (it
 * rejects when the first connection fails); `stop` ends it.
 */
export function listenForWriteNotices(
  connectionString: string,
  handlers: WriteNoticeHandlers,
): { ready: Promise<void>; stop: () => Promise<void> } {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) handlers.onTableWritten(message.payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || stopped) return;
      client = undefined;
      handlers.onNoticesMissed();
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failures = 0;
    // Writes made while nobody listened were not heard.
    handlers.onNoticesMissed();
  };

  const schedule = () => {
    if (stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(schedule);
    }, delay);
    retry.unref();
  };

  return {
    // A first connection that fails is the caller's error (the database is unreachable).
    ready: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
