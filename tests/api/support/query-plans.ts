import type { PGlite } from '@electric-sql/pglite';
import type { DbExecutor } from '@civic/core/server/db/database';

/**
 * EXPLAIN ANALYZE of the statements a piece of server code sends, for tests that check a plan's
 * shape rather than its time (a time bound would hang on the machine's load). PGlite only: the
 * statements are recorded at its client.
 */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

export interface Statement {
  text: string;
  params: unknown[];
}

const clientOf = (db: DbExecutor) => (db as unknown as { $client: PGlite }).$client;

/** Rows a node produced or looked at and threw away, over all its loops, for it and every node below. */
function nodeWork(node: PlanNode): Array<{ type: string; rows: number }> {
  const rows = node['Actual Rows'] * node['Actual Loops'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0);
  return [{ type: node['Node Type'], rows }, ...(node.Plans ?? []).flatMap(nodeWork)];
}

/** Runs `work` with every statement the database client receives recorded (text and parameters). */
export async function recording(db: DbExecutor, work: () => Promise<unknown>): Promise<Statement[]> {
  const client = clientOf(db);
  const query = client.query.bind(client);
  const seen: Statement[] = [];
  Object.assign(client, {
    query: (text: string, params: unknown[] = [], options?: object) => {
      seen.push({ text, params });
      return query(text, params, options);
    },
  });
  try {
    await work();
  } finally {
    delete (client as unknown as { query?: unknown }).query;
  }
  return seen;
}

export interface AnalysedPlan {
  /** The plan node that went through the most rows, and how many. */
  worst: { type: string; rows: number };
  /** Each scan of a table: the rows the planner expected it to give, and the rows it gave (per loop). */
  scans: Array<{ table: string; planRows: number; actualRows: number }>;
}

function scansOf(node: PlanNode): AnalysedPlan['scans'] {
  const own = node['Relation Name'] ? [{ table: node['Relation Name'], planRows: node['Plan Rows'], actualRows: node['Actual Rows'] }] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** The statement run under EXPLAIN ANALYZE, in a transaction rolled back (so a write changes nothing). */
export async function analysePlan(db: DbExecutor, statement: Statement): Promise<AnalysedPlan> {
  const rollback = new Error('rollback');
  let analysed: AnalysedPlan | undefined;
  await clientOf(db)
    .transaction(async (tx) => {
      const explained = await tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (analyze, format json) ${statement.text}`, statement.params);
      const plan = explained.rows[0]['QUERY PLAN'][0].Plan;
      analysed = { worst: nodeWork(plan).sort((a, b) => b.rows - a.rows)[0], scans: scansOf(plan) };
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  if (!analysed) throw new Error('no plan');
  return analysed;
}

/** The plan node that went through the most rows when the statement ran. */
export async function worstNode(db: DbExecutor, statement: Statement): Promise<{ type: string; rows: number }> {
  return (await analysePlan(db, statement)).worst;
}
