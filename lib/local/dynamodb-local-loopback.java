// DynamoDB Local as its own command line starts it, listening on 127.0.0.1 alone (lib/local/dynamodb-local.ts compiles
// and runs this). DynamoDB Local has no option for the address: its Jetty server is made for a port alone, which binds
// every interface, so the host is set on the server's connector before it starts. Telemetry is never configured here,
// so none is sent (its own command line sends some unless told not to).
//
// Before it listens, its database gets the index DynamoDB Local's own schema lacks (STREAM_INDEX, STREAM_INDEX_STATS).
import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import com.almworks.sqlite4java.SQLiteStatement;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;
import software.amazon.dynamodb.services.local.server.LocalDynamoDBRequestHandler;
import software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccess;

class LoopbackDynamoDbLocal {
  /**
   * Every write to a table with a stream describes that table's stream, which asks for the lowest sequence number of
   * the stream's records (`SELECT MIN(SequenceNumber) FROM us WHERE StreamID = ?`). The records' table `us` is keyed by
   * sequence number alone, so each write read every stream record the database held, its deleted tables' included (kept
   * a day): 1 000 writes took 21-23 s on disk with 8 000 records held (5.7 s in memory), 1.7-1.9 s with this index,
   * which answers at once. The rows and every statement DynamoDB Local runs stay as they are.
   */
  static final String STREAM_INDEX = "CREATE INDEX IF NOT EXISTS us_stream_sequence ON us (StreamID, SequenceNumber)";

  /**
   * What SQLite's planner is told of STREAM_INDEX: a stream's records are many. DynamoDB Local's SQLite (3.8.7) uses
   * the index's first column alone, so reading a stream (`... WHERE StreamID = ? AND ShardID = ? AND SequenceNumber
   * >= ? ... ORDER BY SequenceNumber LIMIT ?`) through it read the whole stream from its start: 0.5-0.65 s a read at
   * 200 000 records, against 1-8 ms through the sequence number, which these figures have it take again. The lowest
   * sequence number of a stream is still found through the index.
   */
  static final String STREAM_INDEX_STATS = "1000000 1000000 1";

  /**
   * The first object of class `wanted` reachable from `root` through the fields of DynamoDB Local's own objects and the
   * values of the collections and maps they hold (breadth first), or null: found by class, not by field names.
   */
  static <T> T reachable(Object root, Class<T> wanted) throws IllegalAccessException {
    Map<Object, Boolean> seen = new IdentityHashMap<>();
    ArrayDeque<Object> queue = new ArrayDeque<>();
    queue.add(root);
    while (!queue.isEmpty()) {
      Object next = queue.poll();
      if (seen.put(next, true) != null) continue;
      if (wanted.isInstance(next)) return wanted.cast(next);
      Collection<?> values =
          next instanceof Map<?, ?> map ? map.values() : next instanceof Collection<?> items ? items : null;
      if (values != null) for (Object value : values) if (value != null) queue.add(value);
      if (!next.getClass().getName().startsWith("software.amazon.dynamodb.")) continue;
      for (Class<?> type = next.getClass(); type != null; type = type.getSuperclass()) {
        for (Field field : type.getDeclaredFields()) {
          if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()) continue;
          field.setAccessible(true);
          Object value = field.get(next);
          if (value != null) queue.add(value);
        }
      }
    }
    return null;
  }

  /**
   * Adds STREAM_INDEX through DynamoDB Local's own connection, on its own queue (a second connection to the file from
   * this process made sqlite4java crash, SIGSEGV, when DynamoDB Local reopened an existing data folder, and an
   * in-memory database has no other): a first request has it open its database and make its tables, then the index is
   * made before anything else is asked.
   */
  static void indexStreamRecords(DynamoDBProxyServer proxy) throws Exception {
    LocalDynamoDBRequestHandler handler = reachable(proxy, LocalDynamoDBRequestHandler.class);
    if (handler == null) throw new IllegalStateException("no request handler found");
    handler.listTables("local", "us-east-1", ListTablesRequest.builder().build());
    SQLiteDBAccess access = reachable(handler, SQLiteDBAccess.class);
    if (access == null) throw new IllegalStateException("no SQLite database found");
    SQLiteQueue queue = null;
    for (Field field : SQLiteDBAccess.class.getDeclaredFields()) {
      if (field.getType() == SQLiteQueue.class && !Modifier.isStatic(field.getModifiers())) {
        field.setAccessible(true);
        queue = (SQLiteQueue) field.get(access);
      }
    }
    if (queue == null) throw new IllegalStateException("no SQLite queue found");
    SQLiteJob<Object> job = queue.execute(new SQLiteJob<Object>() {
      @Override
      protected Object job(SQLiteConnection connection) throws Throwable {
        connection.exec(STREAM_INDEX);
        // sqlite_stat1 is made by ANALYZE only; `ANALYZE sqlite_master` has the planner read it again.
        SQLiteStatement made = connection.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'");
        boolean statsTable = made.step();
        made.dispose();
        if (!statsTable) connection.exec("ANALYZE us_stream_sequence");
        connection.exec("DELETE FROM sqlite_stat1 WHERE idx = 'us_stream_sequence'");
        connection.exec("INSERT INTO sqlite_stat1 VALUES ('us', 'us_stream_sequence', '" + STREAM_INDEX_STATS + "')");
        connection.exec("ANALYZE sqlite_master");
        return null;
      }
    });
    job.complete();
    if (job.getError() != null) throw new IllegalStateException("the index was refused", job.getError());
  }

  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    try {
      indexStreamRecords(proxy);
    } catch (Exception error) {
      // Slower writes to tables with a stream, nothing else: the database serves as DynamoDB Local made it.
      System.err.println("LoopbackDynamoDbLocal: stream records not indexed: " + error);
    }
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
