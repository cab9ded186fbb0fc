import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { advisoryLockLeadership, LEADER_LOCK_KEY, soleLeadership, type BackgroundWork, type Leadership } from './leadership.js';

const serverUrl = process.env.DATABASE_URL;
const quiet = { info: () => undefined, warn: () => undefined };

/** Background work that records whether it runs. */
function recordingWork() {
  const state = { running: false, starts: 0, stops: 0 };
  const work: BackgroundWork = {
    start: () => {
      state.running = true;
      state.starts += 1;
    },
    stop: async () => {
      state.running = false;
      state.stops += 1;
    },
  };
  return { state, work };
}

describe('the only process', () => {
  it('leads from the start and stops its work when closed', async () => {
    const leadership = soleLeadership();
    const { state, work } = recordingWork();
    await leadership.run(work, quiet);
    expect(state.running).toBe(true);
    expect(leadership.leading()).toBe(true);
    await leadership.close();
    expect(state).toMatchObject({ running: false, stops: 1 });
  });
});

describe.skipIf(!serverUrl)('leadership by an advisory lock on PostgreSQL', () => {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  const opened: Leadership[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
  });

  afterAll(async () => {
    await Promise.all(opened.map((leadership) => leadership.close()));
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });

  const elect = async (checkMs = 200) => {
    const leadership = advisoryLockLeadership({ connectionString: url, checkMs });
    opened.push(leadership);
    const recorded = recordingWork();
    await leadership.run(recorded.work, quiet);
    return { leadership, ...recorded };
  };

  it('one of three processes runs the work; when it stops, another takes over within seconds', async () => {
    const candidates = [await elect(), await elect(), await elect()];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const leaders = candidates.filter((candidate) => candidate.state.running);
    expect(leaders).toHaveLength(1);
    expect(candidates.filter((candidate) => candidate.leadership.leading())).toEqual(leaders);

    await leaders[0]!.leadership.close();
    expect(leaders[0]!.state.running).toBe(false);
    const took = await eventually(() => {
      expect(candidates.filter((candidate) => candidate.state.running)).toHaveLength(1);
    }, 3000);
    expect(took).toBeLessThan(3000);
    const next = candidates.find((candidate) => candidate.state.running)!;
    expect(next).not.toBe(leaders[0]);
    await Promise.all(candidates.map((candidate) => candidate.leadership.close()));
  });

  it('a leader whose connection is cut stops its work; a process leads again once the database is back', async () => {
    const first = await elect();
    expect(first.state.running).toBe(true);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // What a network cut or a database restart does to the leader's session.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
         where locktype = 'advisory' and objid = $1 and granted
           and database = (select oid from pg_database where datname = current_database())`,
        [LEADER_LOCK_KEY],
      );
    } finally {
      await admin.end();
    }
    await eventually(() => expect(first.state.stops).toBe(1), 2000);
    // Nobody else asked: the same process leads again at a later check, on a new connection.
    await eventually(() => expect(first.state).toMatchObject({ running: true, starts: 2 }), 3000);
    await first.leadership.close();
  });
});
