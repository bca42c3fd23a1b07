// jitgw: the JIT-compiled counterpart of images/testgw (issue 22). A reverse proxy to UPSTREAM on the
// JDK's own HTTP server and client that spends WORK_ITERATIONS rounds of SHA-256 on every request
// before forwarding it, exactly like testgw's knob. It exists for its cold start: HotSpot runs the
// request path in the interpreter first and compiles it (C1, then C2 with the SHA-256 intrinsic) only
// after thousands of calls, so a fresh container answers slower for its first seconds, as the JVM
// gateways of issue 22 did. JAVA_TOOL_OPTIONS changes the JIT without a rebuild (e.g. -Xint, or
// -XX:TieredStopAtLevel=1 to stop at C1).
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

public final class JitGw {
  // Headers the JDK client sets itself (it refuses them) or that belong to one hop only.
  private static final Set<String> HOP = Set.of(
      "connection", "content-length", "expect", "host", "upgrade", "keep-alive", "transfer-encoding",
      "te", "trailer", "proxy-connection", "date");

  // Keeps the work observable, so the JIT cannot drop the loop as dead code.
  static final AtomicLong SINK = new AtomicLong();

  private JitGw() {}

  /** Hashes a 64-byte block `iterations` times, each round over the previous digest (a serial chain). */
  static void work(int iterations) {
    if (iterations <= 0) return;
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    byte[] block = new byte[64];
    for (int i = 0; i < iterations; i++) {
      byte[] sum = sha.digest(block);
      System.arraycopy(sum, 0, block, 0, 32);
    }
    SINK.addAndGet(block[0]);
  }

  static int envInt(String name, int def) {
    String v = System.getenv(name);
    if (v == null || v.isEmpty()) return def;
    try {
      int n = Integer.parseInt(v);
      if (n >= 0) return n;
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    System.err.printf("%s must be a non-negative integer, got \"%s\"%n", name, v);
    System.exit(2);
    return def;
  }

  public static void main(String[] args) throws IOException {
    int port = envInt("PORT", 8080);
    String raw = System.getenv().getOrDefault("UPSTREAM", "http://echo:8080");
    URI upstream = URI.create(raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw);
    if (upstream.getScheme() == null || upstream.getHost() == null) {
      System.err.printf("UPSTREAM must be an absolute http URL, got \"%s\"%n", raw);
      System.exit(2);
    }
    int iterations = envInt("WORK_ITERATIONS", 0);
    int threads = envInt("THREADS", 32);
    HttpClient client = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();

    HttpServer server = HttpServer.create(new InetSocketAddress(port), 1024);
    server.setExecutor(Executors.newFixedThreadPool(threads));
    server.createContext("/health", exchange -> {
      byte[] ok = "ok".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
      exchange.getResponseHeaders().set("Cache-Control", "no-store");
      exchange.sendResponseHeaders(200, ok.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(ok);
      }
    });
    server.createContext("/", exchange -> proxy(exchange, client, upstream, iterations));
    server.start();
    System.out.printf("jitgw upstream %s, %d work iterations per request%n", upstream, iterations);
    // Logged once the socket accepts, like testgw: waits may match this line or /health.
    System.out.printf("jitgw listening on :%d%n", port);
  }

  static void proxy(HttpExchange exchange, HttpClient client, URI upstream, int iterations)
      throws IOException {
    try (exchange) {
      // Read the whole body first, like a gateway whose policies inspect it (and like testgw).
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      work(iterations);
      URI uri = exchange.getRequestURI();
      String target = upstream + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
      HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target))
          .timeout(Duration.ofSeconds(30))
          .method(exchange.getRequestMethod(), body.length == 0
              ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofByteArray(body));
      for (Map.Entry<String, List<String>> h : exchange.getRequestHeaders().entrySet()) {
        if (HOP.contains(h.getKey().toLowerCase(Locale.ROOT))) continue;
        for (String value : h.getValue()) request.header(h.getKey(), value);
      }
      HttpResponse<byte[]> response;
      try {
        response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (IOException e) {
        System.err.printf("upstream %s: %s%n", uri.getRawPath(), e);
        exchange.sendResponseHeaders(502, -1);
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        exchange.sendResponseHeaders(502, -1);
        return;
      }
      for (Map.Entry<String, List<String>> h : response.headers().map().entrySet()) {
        if (h.getKey().startsWith(":") || HOP.contains(h.getKey().toLowerCase(Locale.ROOT))) continue;
        exchange.getResponseHeaders().put(h.getKey(), h.getValue());
      }
      byte[] out = response.body();
      // -1: no body (HttpServer's convention); 0 would mean chunked.
      exchange.sendResponseHeaders(response.statusCode(), out.length == 0 ? -1 : out.length);
      if (out.length > 0) {
        try (OutputStream os = exchange.getResponseBody()) {
          os.write(out);
        }
      }
    }
  }
}
