// DynamoDB Local as its own command line starts it, listening on 127.0.0.1 alone (lib/local/dynamodb-local.ts compiles
// and runs this). DynamoDB Local has no option for the address: its Jetty server is made for a port alone, which binds
// every interface, so the host is set on the server's connector before it starts. Telemetry is never configured here,
// so none is sent (its own command line sends some unless told not to).
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
