package dev.repofix.repair.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.HostEnvironment;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Parses each Python file once per run with Python's own {@code ast}: runs the shipped
 * {@code py_sites.py} under the {@code python3} found on a PATH, bounded by a timeout. A
 * file gets no tree (and the token templates) when python3 is missing, too slow, or says
 * the file does not parse; that is logged at debug and never fails the run. Not thread-safe.
 */
public final class PythonTrees {
    private static final Logger LOG = LoggerFactory.getLogger(PythonTrees.class);
    private static final int MAX_FILES = 32;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long python3 may take to parse one file before the token templates are used. */
    private static final Duration PARSE_TIMEOUT = Duration.ofSeconds(10);

    private final String searchPath;
    private final Duration timeout;
    private final Map<SourceFile, Optional<PythonTree>> trees = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<SourceFile, Optional<PythonTree>> eldest) {
            return size() > MAX_FILES;
        }
    };

    /** {@code searchPath} is a PATH value, where python3 is looked for at first use. */
    public PythonTrees(String searchPath, Duration timeout) {
        this.searchPath = searchPath;
        this.timeout = timeout;
    }

    /** Python trees from the python3 on the process's PATH, the one a child process would find anyway. */
    public static PythonTrees fromProcessPath() {
        return new PythonTrees(HostEnvironment.fromSystem().get("PATH").orElse(""), PARSE_TIMEOUT);
    }

    /** The tree of a {@code .py} file; empty for other files, and when python3 cannot give one. */
    public Optional<PythonTree> of(SourceFile file) {
        if (!SourceLanguage.extension(file.path()).equals("py")) {
            return Optional.empty();
        }
        return trees.computeIfAbsent(file, this::parse);
    }

    private Optional<PythonTree> parse(SourceFile file) {
        Optional<Path> python = python3();
        if (python.isEmpty()) {
            LOG.debug("no python3 on PATH; token templates for {}", file.path());
            return Optional.empty();
        }
        try {
            JsonNode answer = run(python.get(), file);
            if (answer == null || !answer.has("nodes")) {
                LOG.debug("python3 gave no syntax tree for {} ({}); token templates instead", file.path(),
                        answer == null ? "no answer within " + timeout.toMillis() + " ms" : answer.path("error").asText());
                return Optional.empty();
            }
            List<JsonNode> nodes = new ArrayList<>();
            answer.get("nodes").forEach(nodes::add);
            return Optional.of(new PythonTree(file, nodes));
        } catch (IOException | RuntimeException e) {
            LOG.debug("python3 could not parse {}: {}; token templates instead", file.path(), e.toString());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The script's JSON answer, or null when it did not finish within the timeout. */
    private JsonNode run(Path python, SourceFile file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(python.toString(), "-I", "-c", script()).redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            StringBuilder source = new StringBuilder();
            for (int l = 1; l <= file.lineCount(); l++) {
                source.append(file.line(l)).append('\n');
            }
            try (OutputStream in = p.getOutputStream()) {
                in.write(source.toString().getBytes(StandardCharsets.UTF_8));
            }
            // the answer is read on its own thread so the wait for it stays bounded
            var reader = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try (InputStream out = p.getInputStream()) {
                    return new String(out.readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return null;
            }
            String out = reader.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return JSON.readTree(out);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return null;
        } finally {
            p.destroyForcibly();
        }
    }

    private Optional<Path> python3() {
        for (String dir : searchPath.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "python3");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String script() throws IOException {
        try (InputStream in = PythonTrees.class.getResourceAsStream("py_sites.py")) {
            if (in == null) {
                throw new IOException("py_sites.py is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
