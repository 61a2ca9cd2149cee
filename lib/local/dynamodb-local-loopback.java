// DynamoDB Local as its own command line starts it, listening on 127.0.0.1 alone (lib/local/dynamodb-local.ts compiles
// and runs this). DynamoDB Local has no option for the address: its Jetty server is made for a port alone, which binds
// every interface, so the host is set on the server's connector before it starts. Telemetry is never configured here,
// so none is sent (its own command line sends some unless told not to); its `-disableTelemetry` is passed all the same,
// since without it a start took 0.6-0.9 s more of CPU to answer.
//
// Before it listens, its database gets the index DynamoDB Local's own schema lacks (STREAM_INDEX, STREAM_INDEX_STATS),
// and its readers of a table's schema keep what they bound (SchemaCache).
//
// `LoopbackDynamoDbLocal --class-path-jars <classes> <DynamoDBLocal.jar> <folder>` writes the jars its starts run from
// (writeClassPathJars) and exits.
import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import com.almworks.sqlite4java.SQLiteStatement;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.io.ContentReference;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;
import software.amazon.dynamodb.services.local.server.LocalDynamoDBRequestHandler;
import software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccess;
import software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccessJob;
import software.amazon.dynamodb.services.local.shared.access.sqlite.TableSchemaInfo;

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

  /**
   * DynamoDB Local keeps each table's schema (a TableSchemaInfo) as JSON in its database and binds it afresh, through
   * Jackson and the AWS SDK's builders, several times for every item a write touches: 55-60% of its SQLite thread's time
   * in an import of plaques went there. Its two readers' mappers are given a deserializer that keeps the first binding of
   * each distinct JSON text and hands out copies of it: the SDK's model objects are immutable and shared, every list, map
   * and DynamoDB Local object is copied, so a caller that changes its copy (UpdateTable adding an index) changes nothing
   * another reads. What is read stays what the database holds: the text is the key.
   */
  static final class SchemaCache extends DelegatingDeserializer {
    /** Distinct schema texts kept (a table's schema changes only with UpdateTable and UpdateTimeToLive). */
    static final int KEPT = 64;
    /** Each kept text with its binding, the latest found first (a store of a few entries: compared, not hashed). */
    static final ArrayDeque<Map.Entry<byte[], TableSchemaInfo>> BOUND = new ArrayDeque<>();
    /** Whether the mappers check for tokens after the value: the rest of a kept text is then read past, not left. */
    static volatile boolean readToEnd = false;

    static synchronized TableSchemaInfo kept(byte[] content, int offset, int length) {
      for (var entry : BOUND) {
        byte[] text = entry.getKey();
        if (text.length == length && Arrays.equals(text, 0, length, content, offset, offset + length)) {
          if (BOUND.peekFirst() != entry) {
            BOUND.remove(entry);
            BOUND.addFirst(entry);
          }
          return entry.getValue();
        }
      }
      return null;
    }

    static synchronized void keep(byte[] content, int offset, int length, TableSchemaInfo bound) {
      BOUND.addFirst(Map.entry(Arrays.copyOfRange(content, offset, offset + length), bound));
      if (BOUND.size() > KEPT) BOUND.removeLast();
    }

    SchemaCache(JsonDeserializer<?> bound) {
      super(bound);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> bound) {
      return new SchemaCache(bound);
    }

    /** Set once a copy could not be made: every schema is then bound afresh, as DynamoDB Local does. */
    static volatile boolean off = false;

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
      ContentReference source = off ? null : rootSource(parser);
      if (source == null) return super.deserialize(parser, context);
      byte[] content = (byte[]) source.getRawContent();
      int offset = Math.max(0, source.contentOffset());
      int length = source.contentLength() < 0 ? content.length - offset : source.contentLength();
      TableSchemaInfo kept = kept(content, offset, length);
      Object copied = kept == null ? null : copyOrOff(kept);
      if (copied != null) {
        // The mapper closes the parser once the root value is read: the rest of the text is read only where it checks.
        if (readToEnd) parser.skipChildren();
        return copied;
      }
      TableSchemaInfo bound = (TableSchemaInfo) super.deserialize(parser, context);
      Object pristine = off ? null : copyOrOff(bound);
      if (pristine != null) keep(content, offset, length, (TableSchemaInfo) pristine);
      return bound;
    }

    /** A copy of `value`, or null (and the cache off for good, said once) when one cannot be made. */
    static Object copyOrOff(Object value) {
      try {
        return copy(value);
      } catch (RuntimeException error) {
        off = true;
        System.err.println("LoopbackDynamoDbLocal: table schemas not kept: " + error);
        return null;
      }
    }

    /** The source being read when the schema is the document itself (its root) read from bytes, else null. */
    static ContentReference rootSource(JsonParser parser) {
      var context = parser.getParsingContext();
      if (context == null || context.getParent() == null || !context.getParent().inRoot()) return null;
      ContentReference source = parser.currentTokenLocation().contentReference();
      return source != null && source.getRawContent() instanceof byte[] ? source : null;
    }

    /** How a value of a class is copied: kept as it is, as a list, as a map, or field by field (`make` and `fields`). */
    record Copier(int kind, Constructor<?> make, Field[] fields) {
      static final int AS_IS = 0;
      static final int LIST = 1;
      static final int MAP = 2;
      static final int FIELDS = 3;
    }

    static final ClassValue<Copier> COPIERS = new ClassValue<>() {
      @Override
      protected Copier computeValue(Class<?> type) {
        return copierOf(type);
      }
    };

    /**
     * A copy no caller shares: the AWS SDK's model objects (immutable), strings, numbers and enums as they are; lists,
     * maps and DynamoDB Local's own objects copied through. Anything else throws.
     */
    static Object copy(Object value) {
      if (value == null) return null;
      Copier copier = COPIERS.get(value.getClass());
      switch (copier.kind()) {
        case Copier.AS_IS:
          return value;
        case Copier.LIST: {
          List<?> list = (List<?>) value;
          List<Object> out = new ArrayList<>(list.size());
          for (Object item : list) out.add(copy(item));
          return out;
        }
        case Copier.MAP: {
          Map<Object, Object> out = new LinkedHashMap<>();
          for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) out.put(entry.getKey(), copy(entry.getValue()));
          return out;
        }
        default:
          try {
            Object out = copier.make().newInstance();
            for (Field field : copier.fields()) field.set(out, copy(field.get(value)));
            return out;
          } catch (ReflectiveOperationException error) {
            throw new IllegalStateException("no copy of " + value.getClass().getName(), error);
          }
      }
    }

    static Copier copierOf(Class<?> type) {
      String name = type.getName();
      if (type == String.class || Number.class.isAssignableFrom(type) || type == Boolean.class || type.isEnum()
          || name.startsWith("software.amazon.awssdk.services.dynamodb.model.")) {
        return new Copier(Copier.AS_IS, null, null);
      }
      if (List.class.isAssignableFrom(type)) return new Copier(Copier.LIST, null, null);
      if (Map.class.isAssignableFrom(type)) return new Copier(Copier.MAP, null, null);
      if (!name.startsWith("software.amazon.dynamodb.services.local.")) throw new IllegalStateException("no copy of " + name);
      try {
        Constructor<?> make = type.getDeclaredConstructor();
        make.setAccessible(true);
        List<Field> fields = new ArrayList<>();
        for (Class<?> at = type; at != null && at != Object.class; at = at.getSuperclass()) {
          for (Field field : at.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())) continue;
            field.setAccessible(true);
            fields.add(field);
          }
        }
        return new Copier(Copier.FIELDS, make, fields.toArray(new Field[0]));
      } catch (ReflectiveOperationException error) {
        throw new IllegalStateException("no copy of " + name, error);
      }
    }

    /** Gives the schema readers' mappers (static fields of SQLiteDBAccess and SQLiteDBAccessJob) this deserializer. */
    static void install() throws Exception {
      int mappers = 0;
      for (Class<?> reader : List.of(SQLiteDBAccess.class, SQLiteDBAccessJob.class)) {
        for (Field field : reader.getDeclaredFields()) {
          if (!Modifier.isStatic(field.getModifiers()) || !ObjectMapper.class.isAssignableFrom(field.getType())) continue;
          field.setAccessible(true);
          ObjectMapper mapper = (ObjectMapper) field.get(null);
          mapper.configure(JsonParser.Feature.INCLUDE_SOURCE_IN_LOCATION, true);
          if (mapper.isEnabled(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)) readToEnd = true;
          SimpleModule module = new SimpleModule("LoopbackSchemaCache");
          module.setDeserializerModifier(new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(
                DeserializationConfig config, BeanDescription description, JsonDeserializer<?> deserializer) {
              return description.getBeanClass() == TableSchemaInfo.class ? new SchemaCache(deserializer) : deserializer;
            }
          });
          mapper.registerModule(module);
          mappers++;
        }
      }
      if (mappers == 0) throw new IllegalStateException("no schema reader's mapper found");
    }
  }

  /**
   * Writes `folder/launcher.jar`, this class and its inner ones from `classes`, and `folder/DynamoDBLocal.jar`, a copy of
   * DynamoDB Local's jar whose manifest has no Class-Path. Java maps a class-data archive (lib/local/dynamodb-local.ts)
   * only for a class path of jars alone, and that manifest puts DynamoDB Local's own folder (`.`) on it; the library
   * jars it names are given one by one instead.
   */
  static void writeClassPathJars(Path classes, Path jar, Path folder) throws IOException {
    try (JarFile source = new JarFile(jar.toFile())) {
      Manifest manifest = new Manifest(source.getManifest());
      manifest.getMainAttributes().remove(Attributes.Name.CLASS_PATH);
      try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(folder.resolve("DynamoDBLocal.jar")), manifest)) {
        for (JarEntry entry : Collections.list(source.entries())) {
          if (entry.getName().equalsIgnoreCase(JarFile.MANIFEST_NAME)) continue;
          out.putNextEntry(new JarEntry(entry.getName()));
          try (InputStream in = source.getInputStream(entry)) {
            in.transferTo(out);
          }
          out.closeEntry();
        }
      }
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    try (OutputStream file = Files.newOutputStream(folder.resolve("launcher.jar"));
        JarOutputStream out = new JarOutputStream(file, new Manifest())) {
      for (Path path : files) {
        out.putNextEntry(new JarEntry(classes.relativize(path).toString().replace('\\', '/')));
        Files.copy(path, out);
        out.closeEntry();
      }
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 4 && args[0].equals("--class-path-jars")) {
      writeClassPathJars(Path.of(args[1]), Path.of(args[2]), Path.of(args[3]));
      return;
    }
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    try {
      SchemaCache.install();
    } catch (Exception error) {
      // Slower writes, nothing else: each schema is bound afresh as DynamoDB Local does.
      System.err.println("LoopbackDynamoDbLocal: table schemas not kept: " + error);
    }
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
