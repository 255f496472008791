import { parse, PGlite, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The statements prepared on each embedded database, by name, with their parameters' types. */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>();

const joined = (messages: Uint8Array[]) => {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let at = 0;
  for (const message of messages) {
    bytes.set(message, at);
    at += message.length;
  }
  return bytes;
};

/**
 * Runs a statement prepared once on the embedded database, under `name`, as PostgreSQL's driver does on each
 * connection (db/raw.ts selectPrepared). PGlite's own `query` parses and plans every statement anew: for a page of
 * product cards that was 7-10 ms of 25 (measured on the demo catalogue), every time, in the one thread every
 * shopper's statement waits for. PGlite has no named statements of its own, so this speaks PostgreSQL's extended
 * protocol through its public `execProtocol`: Parse and Describe once, then Bind and Execute. It runs in a
 * transaction of PGlite's, which holds its lock (no other statement runs in between) and takes a turn (db/turns.ts;
 * docs/adr/0070-statements-prepared-on-the-embedded-database.md).
 */
export async function selectPreparedOnPglite<T>(client: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
  let prepared = preparedOn.get(client);
  if (!prepared) preparedOn.set(client, (prepared = new Map()));
  const statements = prepared;
  return client.transaction(() =>
    client.runExclusive(async () => {
      // Planned once for all values: PostgreSQL's own choice (a plan for each call's values until a generic one looks
      // as cheap) kept planning the cards' statement anew, 4-8 ms of planning for 1-2 ms of work. Only for this
      // transaction: statements sent anew are planned for their values.
      await client.execProtocol(serialize.query('set local plan_cache_mode = force_generic_plan'));
      let types = statements.get(name);
      if (!types) {
        const described = await client.execProtocol(joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]));
        types = parse.parseDescribeStatementResults(described.messages);
        statements.set(name, types);
      }
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[index]!];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        joined([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return parse.parseResults(messages, client.parsers)[0]!.rows as T[];
    }),
  );
}
