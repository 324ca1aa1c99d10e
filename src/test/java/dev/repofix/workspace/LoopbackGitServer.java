package dev.repofix.workspace;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * A Git repository served over loopback HTTP with Git's dumb protocol (static files: {@code
 * info/refs}, {@code HEAD}, loose objects), behind Basic authentication when a user and password
 * are given: what a clone URL with a credential in it reaches, without a network.
 */
public final class LoopbackGitServer implements AutoCloseable {
    private final HttpServer server;

    private LoopbackGitServer(HttpServer server) {
        this.server = server;
    }

    /**
     * Serves the {@code .git} folder of the work tree {@code repo} (its objects loose, as JGit
     * writes them) at {@code /o/r.git}; a request without {@code user:password} gets 401.
     */
    public static LoopbackGitServer serve(Path repo, Optional<String> userAndPassword) throws IOException {
        Path gitDir = repo.resolve(".git");
        writeInfoRefs(gitDir);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        String expected = userAndPassword.map(s -> "Basic " + Base64.getEncoder()
                .encodeToString(s.getBytes(StandardCharsets.UTF_8))).orElse(null);
        server.createContext("/o/r.git/", exchange -> {
            try (exchange) {
                if (expected != null && !expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                    exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"git\"");
                    exchange.sendResponseHeaders(401, -1);
                    return;
                }
                send(exchange, gitDir);
            }
        });
        server.start();
        return new LoopbackGitServer(server);
    }

    /** {@code http://<userInfo>@127.0.0.1:<port>/o/r.git}, or without user info when it is empty. */
    public String url(String userInfo) {
        return "http://" + (userInfo.isEmpty() ? "" : userInfo + "@") + "127.0.0.1:" + server.getAddress().getPort()
                + "/o/r.git";
    }

    private static void send(HttpExchange exchange, Path gitDir) throws IOException {
        String path = exchange.getRequestURI().getPath().substring("/o/r.git/".length());
        Path file = gitDir.resolve(path).normalize();
        if (!file.startsWith(gitDir) || !Files.isRegularFile(file)) {
            exchange.sendResponseHeaders(404, -1);
            return;
        }
        byte[] body = Files.readAllBytes(file);
        exchange.getResponseHeaders().add("Content-Type", "application/octet-stream");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** What {@code git update-server-info} writes: one line per ref, for the dumb protocol. */
    private static void writeInfoRefs(Path gitDir) throws IOException {
        StringBuilder refs = new StringBuilder();
        try (var repository = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setMustExist(true).build()) {
            for (Ref ref : repository.getRefDatabase().getRefs()) {
                if (!ref.isSymbolic() && ref.getObjectId() != null) {
                    refs.append(ref.getObjectId().name()).append('\t').append(ref.getName()).append('\n');
                }
            }
        }
        Files.createDirectories(gitDir.resolve("info"));
        Files.writeString(gitDir.resolve("info/refs"), refs.toString());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
